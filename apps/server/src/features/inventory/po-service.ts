import type { PurchaseOrderBody } from '@rcm/shared/inventory';
import { AppError } from '../../lib/errors.ts';
import type { AuditRepo } from '../audit/repo.ts';
import type { AuthContext } from '../auth/service.ts';
import { toCents } from './items-repo.ts';
import type { PurchaseOrdersRepo } from './po-repo.ts';
import { inInventoryScope, inventoryScope } from './scope.ts';

const invalid = (field: string, key: 'location_not_in_organization' | 'item_not_in_organization') =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

export function createPurchaseOrdersService(deps: { repo: PurchaseOrdersRepo; audit: AuditRepo; now: () => Date }) {
  const { repo, audit, now } = deps;

  /** The order when the caller may see it; 404 otherwise (no hint that it exists). */
  async function visible(ctx: AuthContext, id: number) {
    const scope = inventoryScope(ctx);
    const po = await repo.detail(id);
    if (!scope || !po || !inInventoryScope(scope, po.organisation.id)) throw new AppError(404, 'not_found');
    return po;
  }

  async function transition(ctx: AuthContext, id: number, to: 'sent' | 'received') {
    const po = await visible(ctx, id);
    const done = to === 'sent' ? await repo.markSent(id, now()) : await repo.receive(id, now());
    if (!done) throw new AppError(409, 'conflict');
    await audit.record({
      actorUserId: ctx.impersonatorUserId ?? ctx.user.id,
      organizationId: po.organisation.id,
      action: `purchase_order.${to}`,
      subjectType: 'purchase_order',
      subjectId: id,
      before: { status: po.status },
      after: { status: to },
    });
  }

  return {
    visible,

    async create(ctx: AuthContext, body: PurchaseOrderBody): Promise<number> {
      const scope = inventoryScope(ctx);
      const location = await repo.location(body.location_id);
      if (!scope || !location || !inInventoryScope(scope, location.organizationId)) {
        throw invalid('location_id', 'location_not_in_organization');
      }
      const suppliers = await repo.suppliers();
      const supplier = body.supplier_id === undefined ? suppliers[0] : suppliers.find((s) => s.id === body.supplier_id);
      if (!supplier) throw new AppError(422, 'validation_failed', { fields: [] });
      const items = new Map((await repo.items(body.lines.map((l) => l.item_id))).map((i) => [i.id, i]));
      const lines = body.lines.map((l, i) => {
        const item = items.get(l.item_id);
        if (!item || item.organizationId !== location.organizationId) {
          throw invalid(`lines.${i}.item_id`, 'item_not_in_organization');
        }
        return {
          itemId: l.item_id,
          quantity: l.quantity,
          unitPriceCents: l.unit_price === undefined ? item.unitPriceCents : toCents(l.unit_price),
        };
      });
      const id = await repo.create(
        {
          organizationId: location.organizationId,
          locationId: location.id,
          supplierId: supplier.id,
          notes: body.notes,
          createdBy: ctx.user.id,
          lines,
        },
        now(),
      );
      await audit.record({
        actorUserId: ctx.impersonatorUserId ?? ctx.user.id,
        organizationId: location.organizationId,
        action: 'purchase_order.create',
        subjectType: 'purchase_order',
        subjectId: id,
        after: { location_id: location.id, supplier_id: supplier.id, lines: lines.length },
      });
      return id;
    },

    send: (ctx: AuthContext, id: number) => transition(ctx, id, 'sent'),
    receive: (ctx: AuthContext, id: number) => transition(ctx, id, 'received'),
  };
}

export type PurchaseOrdersService = ReturnType<typeof createPurchaseOrdersService>;
