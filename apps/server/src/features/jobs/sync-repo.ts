import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobCategories, jobStatusHistory, jobs } from '../../db/schema-jobs.ts';
import { query } from '../../lib/sql.ts';
import type { JobRow, NewJobRow } from './repo.ts';

/** Saves a Zuper category (its name follows the provider's); returns its id. */
export async function upsertZuperCategory(db: DbOrTx, externalId: string, name: string): Promise<number | null> {
  const [row] = await db
    .insert(jobCategories)
    .values({ provider: 'zuper', externalId, name })
    .onConflictDoUpdate({
      target: [jobCategories.provider, jobCategories.externalId],
      set: { name: sql`excluded.name` },
    })
    .returning({ id: jobCategories.id });
  return row?.id ?? null;
}

/** The first location at this street and city (trimmed, case-insensitive; an empty city matches any). */
export async function locationAtAddress(db: DbOrTx, street: string, city: string) {
  const [row] = await query<{ id: number; organization_id: number }>(
    db,
    sql`select id, organization_id from locations
      where lower(trim(address_line_1)) = lower(trim(${street}))
        and (${city} = '' or lower(trim(city)) = lower(trim(${city})))
      order by id limit 1`,
  );
  return row ?? null;
}

/** Our copy of a Zuper job. */
export async function findZuperJob(db: DbOrTx, externalId: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.provider, 'zuper'), eq(jobs.externalId, externalId)))
    .limit(1);
  return row;
}

export async function updateJob(db: DbOrTx, id: number, set: Partial<NewJobRow>): Promise<void> {
  await db.update(jobs).set(set).where(eq(jobs.id, id));
}

export async function insertJob(db: DbOrTx, values: NewJobRow): Promise<JobRow | undefined> {
  const [row] = await db.insert(jobs).values(values).returning();
  return row;
}

export async function insertStatusHistory(db: DbOrTx, values: typeof jobStatusHistory.$inferInsert): Promise<void> {
  await db.insert(jobStatusHistory).values(values);
}
