import type { SupplierRecord } from '@rcm/shared/suppliers';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { suppliers } from '../../db/schema-inventory.ts';
import { query } from '../../lib/sql.ts';

export type SupplierValues = { code: string; name: string; email: string; phone: string; accountNumber: string };

function toRecord(r: Record<string, unknown>): SupplierRecord {
  return {
    id: Number(r.id),
    code: String(r.code),
    name: String(r.name),
    email: String(r.email),
    phone: String(r.phone),
    account_number: String(r.account_number),
    archived: r.archived_at != null,
    order_count: Number(r.order_count ?? 0),
  };
}

const SELECT = sql`select s.id, s.code, s.name, s.email, s.phone, s.account_number, s.archived_at,
    (select count(*)::int from purchase_orders p where p.supplier_id = s.id) as order_count
  from suppliers s`;

/** Suppliers are shared by every organization: no tenant scope applies to them. */
export function createSuppliersRepo(db: Db) {
  return {
    async list(includeArchived: boolean): Promise<SupplierRecord[]> {
      const rows = await query(
        db,
        sql`${SELECT} ${includeArchived ? sql`` : sql`where s.archived_at is null`}
            order by s.archived_at is not null, s.code = 'URI' desc, s.name`,
      );
      return rows.map(toRecord);
    },

    async find(id: number, on: Db | Tx = db): Promise<SupplierRecord | null> {
      const [row] = await query(on, sql`${SELECT} where s.id = ${id}`);
      return row ? toRecord(row) : null;
    },

    async codeTaken(code: string, exceptId = 0): Promise<boolean> {
      const [row] = await query(
        db,
        sql`select 1 from suppliers where lower(code) = lower(${code}) and id <> ${exceptId} limit 1`,
      );
      return !!row;
    },

    async insert(values: SupplierValues, on: Db | Tx): Promise<number> {
      const [row] = await on.insert(suppliers).values(values).returning({ id: suppliers.id });
      return row?.id ?? 0;
    },

    async update(id: number, values: Partial<SupplierValues> & { archivedAt?: Date | null }, on: Db | Tx) {
      await on.update(suppliers).set(values).where(eq(suppliers.id, id));
    },
  };
}

export type SuppliersRepo = ReturnType<typeof createSuppliersRepo>;
