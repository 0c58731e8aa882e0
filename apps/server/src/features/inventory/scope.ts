import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/service.ts';

/**
 * Inventory and purchase orders belong to an organization as a whole (stock is not per store):
 * `organization_view_all` sees every organization's, anyone else with `inventory_view` their own.
 */
export type InventoryScope = { kind: 'all' } | { kind: 'org'; organizationId: number };

export function inventoryScope(ctx: AuthContext): InventoryScope | null {
  if (!ctx.permissions.has('inventory_view')) return null;
  if (ctx.permissions.has('organization_view_all')) return { kind: 'all' };
  return { kind: 'org', organizationId: ctx.user.organizationId };
}

export function inInventoryScope(scope: InventoryScope, organizationId: number): boolean {
  return scope.kind === 'all' || scope.organizationId === organizationId;
}

/** The scope as SQL on a table alias's `organization_id`. */
export function inventoryScopeSql(scope: InventoryScope, alias: string): SQL {
  if (scope.kind === 'all') return sql`true`;
  return sql`${sql.raw(alias)}.organization_id = ${scope.organizationId}`;
}
