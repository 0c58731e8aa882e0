import {
  type ImportRowError,
  type InventoryCsvRow,
  type InventoryImportBody,
  type InventoryItemBody,
  inventoryCsvRow,
} from '@rcm/shared/inventory';
import type { Locale } from '@rcm/shared/locale';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, inUse } from '../../lib/errors.ts';
import { localizeIssue } from '../../lib/messages.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { holdsOrganization, reachesOrganization, scopeFor } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { type ItemsRepo, type ItemValues, toCents } from './items-repo.ts';
import { IMPORT_MESSAGES } from './messages.ts';

/** The organization a write goes to: one's own, or any for those who see every organization. */
export function targetOrganization(ctx: AuthContext, requested: number | undefined): number {
  if (requested === undefined || requested === ctx.user.organizationId) return ctx.user.organizationId;
  if (!can(ctx, 'organization.viewAll')) throw new AppError(403, 'forbidden');
  if (!reachesOrganization(ctx, requested)) throw new AppError(404, 'not_found');
  return requested;
}

function toValues(body: InventoryItemBody): ItemValues {
  return {
    productName: body.product_name,
    partNumber: body.part_number,
    type: body.type,
    brand: body.brand,
    specification: body.specification,
    quantity: body.quantity,
    reorderLevel: body.reorder_level,
    unitPriceCents: toCents(body.unit_price),
  };
}

const partTaken = () =>
  new AppError(422, 'validation_failed', { fields: [{ field: 'part_number', key: 'part_number_taken' }] });

/** A zod issue as the API's localized message (the same wording as request validation). */
function issueMessage(locale: Locale, issue: z.core.$ZodIssue): { field: string; message: string } {
  return localizeIssue(locale, {
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    message: issue.message,
    params: issue as unknown as Record<string, unknown>,
  });
}

/** Validates every CSV row; row numbers count the header as row 1, as a spreadsheet shows them. */
/** Where an imported row goes: an organization's id, or why it may not go there. */
export type RowOrganization = number | { refused: 'unknown' | 'forbidden'; name: string };

/** A cell as it was before the export guarded it against spreadsheet formulas (csv.ts csvCell). */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Checks every row of an import and says where each goes (`organizationOf`, from its organization
 * column). A part number may appear once per organization in a file.
 */
export function validateCsvRows(
  locale: Locale,
  rows: InventoryImportBody['rows'],
  organizationOf: (raw: Record<string, string>) => RowOrganization,
): { valid: (InventoryCsvRow & { organizationId: number })[]; errors: ImportRowError[] } {
  const valid: (InventoryCsvRow & { organizationId: number })[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, i) => {
    const row = i + 2;
    const organization = organizationOf(raw);
    if (typeof organization !== 'number') {
      const say = IMPORT_MESSAGES[locale];
      const message =
        organization.refused === 'unknown'
          ? say.organizationUnknown(organization.name)
          : say.organizationForbidden(organization.name);
      errors.push({ row, field: 'organization', message });
      return;
    }
    const parsed = inventoryCsvRow.safeParse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, unguard(v)])));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ row, ...issueMessage(locale, issue) });
      return;
    }
    const key = `${organization}|${parsed.data.part_number.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ row, field: 'part_number', message: IMPORT_MESSAGES[locale].duplicateInFile(first) });
      return;
    }
    seen.set(key, row);
    valid.push({ ...parsed.data, organizationId: organization });
  });
  return { valid, errors };
}

/** Each change and its audit entry commit together (one transaction), or neither does. */
export function createItemsService(deps: { db: Db; repo: ItemsRepo; audit: AuditRepo; now: () => Date }) {
  const { db, repo, audit } = deps;

  /** An item of an organization the caller holds in the inventory domain, or 404. */
  async function ownItem(ctx: AuthContext, id: number) {
    const scope = scopeFor(ctx, 'inventory');
    const item = await repo.findById(id);
    if (!scope || !item || !holdsOrganization(scope, item.organisation.id)) throw new AppError(404, 'not_found');
    return item;
  }

  return {
    async create(ctx: AuthContext, body: InventoryItemBody) {
      const organizationId = targetOrganization(ctx, body.organization_id);
      const values = toValues(body);
      const archived = await repo.archivedByPart(organizationId, body.part_number);
      if (archived !== null) {
        // The part is back in stock: the archived item returns with the new values (its orders stay linked).
        return db.transaction(async (tx) => {
          await repo.restore(archived, values, tx);
          await audit.recordBy(
            auditActor(ctx),
            {
              organizationId,
              action: 'inventory.restore',
              subjectType: 'inventory_item',
              subjectId: archived,
              after: values,
            },
            tx,
          );
          return archived;
        });
      }
      if (await repo.partNumberTaken(organizationId, body.part_number)) throw partTaken();
      return audit.recordChange(
        db,
        auditActor(ctx),
        (tx) => repo.insert(organizationId, values, tx),
        (id) => ({
          organizationId,
          action: 'inventory.create',
          subjectType: 'inventory_item',
          subjectId: id,
          after: values,
        }),
      );
    },

    async update(ctx: AuthContext, id: number, body: InventoryItemBody) {
      const item = await ownItem(ctx, id);
      if (await repo.partNumberTaken(item.organisation.id, body.part_number, id)) throw partTaken();
      const values = toValues(body);
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.update(id, values, tx), {
        organizationId: item.organisation.id,
        action: 'inventory.update',
        subjectType: 'inventory_item',
        subjectId: id,
        before: item,
        after: values,
      });
    },

    /**
     * Removes an item: refused (409 in_use) while open orders (draft or sent) hold it; archived when
     * any order ever held it (hidden from lists and pickers, still on its orders); otherwise deleted.
     */
    async remove(ctx: AuthContext, id: number): Promise<'archived' | 'deleted'> {
      const item = await ownItem(ctx, id);
      return db.transaction(async (tx) => {
        const usage = await repo.usage(id, tx);
        if (usage.openOrders > 0) throw inUse([{ key: 'item_open_orders', count: usage.openOrders }]);
        const outcome = usage.ordered ? 'archived' : 'deleted';
        if (usage.ordered) await repo.archive(id, deps.now(), tx);
        else await repo.remove(id, tx);
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: item.organisation.id,
            action: usage.ordered ? 'inventory.archive' : 'inventory.delete',
            subjectType: 'inventory_item',
            subjectId: id,
            before: item,
          },
          tx,
        );
        return outcome;
      });
    },

    /** All rows valid → written in one transaction; any invalid row → 422 naming each row, nothing written. */
    /**
     * Imports a file: each row into the organization its organization column names (the export writes
     * it), else the chosen or one's own. Every row is checked first; one bad row refuses the file.
     * Rows are matched by part number within their organization, so importing an export changes nothing.
     */
    async import(ctx: AuthContext, locale: Locale, body: InventoryImportBody) {
      const fallback = targetOrganization(ctx, body.organization_id);
      const nameOf = (raw: Record<string, string>) => (raw.organization ?? '').trim();
      const named = await repo.organizationsNamed([...new Set(body.rows.map(nameOf).filter(Boolean))]);
      const seesAll = can(ctx, 'organization.viewAll');
      const { valid, errors } = validateCsvRows(locale, body.rows, (raw) => {
        const name = nameOf(raw);
        if (!name) return fallback;
        const id = named.get(name.toLowerCase());
        if (id === undefined) return { refused: 'unknown', name };
        return (seesAll && reachesOrganization(ctx, id)) || id === ctx.user.organizationId
          ? id
          : { refused: 'forbidden', name };
      });
      if (errors.length > 0) throw new AppError(422, 'validation_failed', { rows: errors.slice(0, 500) });
      const byOrganization = new Map<number, typeof valid>();
      for (const r of valid) byOrganization.set(r.organizationId, [...(byOrganization.get(r.organizationId) ?? []), r]);
      return db.transaction(async (tx) => {
        const result = { created: 0, updated: 0 };
        for (const [organizationId, rows] of byOrganization) {
          const done = await repo.importRows(organizationId, rows, tx);
          result.created += done.created;
          result.updated += done.updated;
          await audit.recordBy(
            auditActor(ctx),
            { organizationId, action: 'inventory.import', subjectType: 'inventory_item', after: done },
            tx,
          );
        }
        return result;
      });
    },
  };
}

export type ItemsService = ReturnType<typeof createItemsService>;
