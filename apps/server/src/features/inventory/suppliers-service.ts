import { type SupplierBody, type SupplierPatch, supplierBody, supplierPatch } from '@rcm/shared/suppliers';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import type { AuthContext } from '../auth/service.ts';
import type { SuppliersRepo, SupplierValues } from './suppliers-repo.ts';

const codeTaken = () =>
  new AppError(422, 'validation_failed', { fields: [{ field: 'code', key: 'supplier_code_taken' }] });

/** Suppliers serve every organization, so only someone who sees every organization changes them. */
function requireGlobalEditor(ctx: AuthContext): void {
  if (!can(ctx, 'shared.edit')) throw new AppError(403, 'forbidden');
}

/** Each change and its audit entry commit together. */
export function createSuppliersService(deps: { db: Db; repo: SuppliersRepo; audit: AuditRepo; now: () => Date }) {
  const { db, repo, audit } = deps;

  async function existing(id: number) {
    const supplier = await repo.find(id);
    if (!supplier) throw new AppError(404, 'not_found');
    return supplier;
  }

  return {
    async create(ctx: AuthContext, input: SupplierBody): Promise<number> {
      requireGlobalEditor(ctx);
      const body = supplierBody.parse(input);
      if (await repo.codeTaken(body.code)) throw codeTaken();
      const values: SupplierValues = {
        code: body.code,
        name: body.name,
        email: body.email,
        phone: body.phone,
        accountNumber: body.account_number,
      };
      return audit.recordChange(
        db,
        auditActor(ctx),
        (tx) => repo.insert(values, tx),
        (id) => ({ action: 'supplier.create', subjectType: 'supplier', subjectId: id, after: values }),
      );
    },

    /** Changes the given fields; `archived: false` restores an archived supplier. */
    async update(ctx: AuthContext, id: number, input: SupplierPatch): Promise<void> {
      requireGlobalEditor(ctx);
      const body = supplierPatch.parse(input);
      const before = await existing(id);
      if (body.code !== undefined && (await repo.codeTaken(body.code, id))) throw codeTaken();
      const values = {
        ...(body.code !== undefined ? { code: body.code } : {}),
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.account_number !== undefined ? { accountNumber: body.account_number } : {}),
        ...(body.archived === false ? { archivedAt: null } : {}),
      };
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.update(id, values, tx), {
        action: body.archived === false ? 'supplier.restore' : 'supplier.update',
        subjectType: 'supplier',
        subjectId: id,
        before,
        after: body,
      });
    },

    /** Archives: no longer offered for new orders; its orders (and drafts still to send) keep it. */
    async archive(ctx: AuthContext, id: number): Promise<void> {
      requireGlobalEditor(ctx);
      const before = await existing(id);
      if (before.archived) return;
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.update(id, { archivedAt: deps.now() }, tx), {
        action: 'supplier.archive',
        subjectType: 'supplier',
        subjectId: id,
        before,
      });
    },
  };
}

export type SuppliersService = ReturnType<typeof createSuppliersService>;
