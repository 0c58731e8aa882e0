import type { JobCategoryRecord } from '@rcm/shared/jobs';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jobCategories } from '../../db/schema-jobs.ts';
import { query } from '../../lib/sql.ts';

type Provider = 'local' | 'zuper';

/** Job categories are shared by every organization. `offeredBy`: the provider new jobs are created at. */
export function createJobCategoriesRepo(db: Db) {
  const select = (offeredBy: Provider) => sql`select c.id, c.name, c.provider, c.archived_at is not null as archived,
      (c.archived_at is null and c.provider = ${offeredBy}) as selectable,
      (select count(*)::int from jobs j where j.category_id = c.id) as job_count
    from job_categories c`;
  const toRecord = (r: Record<string, unknown>): JobCategoryRecord => ({
    id: Number(r.id),
    name: String(r.name),
    provider: r.provider as Provider,
    archived: Boolean(r.archived),
    selectable: Boolean(r.selectable),
    job_count: Number(r.job_count),
  });

  return {
    /** Every category (the jobs filter and old jobs name archived ones too), open ones first. */
    async list(offeredBy: Provider): Promise<JobCategoryRecord[]> {
      const rows = await query(db, sql`${select(offeredBy)} order by c.archived_at is not null, lower(c.name), c.id`);
      return rows.map(toRecord);
    },

    async find(id: number, offeredBy: Provider): Promise<(JobCategoryRecord & { externalId: string | null }) | null> {
      const [row] = await query(db, sql`${select(offeredBy)} where c.id = ${id}`);
      if (!row) return null;
      const [ext] = await db
        .select({ externalId: jobCategories.externalId })
        .from(jobCategories)
        .where(eq(jobCategories.id, id));
      return { ...toRecord(row), externalId: ext?.externalId ?? null };
    },

    async nameTaken(name: string, exceptId = 0): Promise<boolean> {
      const [row] = await query(
        db,
        sql`select 1 from job_categories where provider = 'local' and lower(name) = lower(${name})
              and id <> ${exceptId} limit 1`,
      );
      return !!row;
    },

    async insert(name: string, on: Db | Tx): Promise<number> {
      const [row] = await on
        .insert(jobCategories)
        .values({ name, provider: 'local' })
        .returning({ id: jobCategories.id });
      return row?.id ?? 0;
    },

    async update(id: number, values: { name?: string; archivedAt?: Date | null }, on: Db | Tx): Promise<void> {
      await on.update(jobCategories).set(values).where(eq(jobCategories.id, id));
    },
  };
}

export type JobCategoriesRepo = ReturnType<typeof createJobCategoriesRepo>;
