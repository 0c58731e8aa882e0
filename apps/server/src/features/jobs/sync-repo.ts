import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jobCategories, jobStatusHistory, jobs } from '../../db/schema-jobs.ts';
import { query } from '../../lib/sql.ts';
import type { JobRow, NewJobRow } from './repo.ts';

export function createJobSyncRepo(_db: Db) {
  return {
    /** Saves a Zuper category (its name follows the provider's); returns its id. */
    async upsertZuperCategory(externalId: string, name: string, on: DbOrTx): Promise<number | null> {
      const [row] = await on
        .insert(jobCategories)
        .values({ provider: 'zuper', externalId, name })
        .onConflictDoUpdate({
          target: [jobCategories.provider, jobCategories.externalId],
          set: { name: sql`excluded.name` },
        })
        .returning({ id: jobCategories.id });
      return row?.id ?? null;
    },
    /** The first location at this street and city (trimmed, case-insensitive; an empty city matches any). */
    async locationAtAddress(street: string, city: string, on: DbOrTx) {
      const [row] = await query<{ id: number; organization_id: number }>(
        on,
        sql`select id, organization_id from locations
        where lower(trim(address_line_1)) = lower(trim(${street}))
          and (${city} = '' or lower(trim(city)) = lower(trim(${city})))
        order by id limit 1`,
      );
      return row ?? null;
    },
    /** Our copy of a Zuper job. */
    async findZuperJob(externalId: string, on: DbOrTx): Promise<JobRow | undefined> {
      const [row] = await on
        .select()
        .from(jobs)
        .where(and(eq(jobs.provider, 'zuper'), eq(jobs.externalId, externalId)))
        .limit(1);
      return row;
    },
    async updateJob(id: number, set: Partial<NewJobRow>, on: DbOrTx): Promise<void> {
      await on.update(jobs).set(set).where(eq(jobs.id, id));
    },
    async insertJob(values: NewJobRow, on: DbOrTx): Promise<JobRow | undefined> {
      const [row] = await on.insert(jobs).values(values).returning();
      return row;
    },
    async insertStatusHistory(values: typeof jobStatusHistory.$inferInsert, on: DbOrTx): Promise<void> {
      await on.insert(jobStatusHistory).values(values);
    },
  };
}

export type JobSyncRepo = ReturnType<typeof createJobSyncRepo>;
