import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jobCategories, jobStatusHistory, jobs } from '../../db/schema-jobs.ts';
import { query } from '../../lib/sql.ts';
import type { JobsProvider, ProviderJob } from './provider.ts';

export type JobChange = {
  id: number;
  status: ProviderJob['status'];
  organization_id: number | null;
  location_id: number | null;
  controller_id: number | null;
  alarm_id: number | null;
};

async function categoryId(db: Db, category: ProviderJob['category']): Promise<number | null> {
  if (!category) return null;
  const [row] = await db
    .insert(jobCategories)
    .values({ provider: 'zuper', externalId: category.externalId, name: category.name || category.externalId })
    .onConflictDoUpdate({
      target: [jobCategories.provider, jobCategories.externalId],
      set: { name: sql`excluded.name` },
    })
    .returning({ id: jobCategories.id });
  return row?.id ?? null;
}

/** The store a provider job is for, by its customer address (street and city, case-insensitive). */
async function matchLocation(db: Db, address: ProviderJob['address']) {
  if (!address?.street) return null;
  const [row] = await query<{ id: number; organization_id: number }>(
    db,
    sql`select id, organization_id from locations
      where lower(trim(address_line_1)) = lower(trim(${address.street}))
        and (${address.city} = '' or lower(trim(city)) = lower(trim(${address.city})))
      order by id limit 1`,
  );
  return row ?? null;
}

/**
 * Stores one provider job: inserts it, or updates our copy (keeping the links we made: controller,
 * alarm, location) and records a status change in the history. Runs on the given handle only, so it
 * may run inside the caller's transaction.
 */
export async function upsertProviderJob(db: DbOrTx, job: ProviderJob, now: Date): Promise<JobChange | null> {
  const catId = await categoryId(db, job.category);
  const assignees = job.assignees.map((a) => ({ user_id: null, name: a.name, external_id: a.externalId }));
  const [existing] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.provider, 'zuper'), eq(jobs.externalId, job.externalId)))
    .limit(1);
  if (existing) {
    const statusChanged = existing.status !== job.status;
    const same =
      !statusChanged &&
      existing.title === job.title &&
      existing.priority === job.priority &&
      existing.categoryId === catId &&
      existing.providerStatus === job.providerStatus &&
      JSON.stringify(existing.assignees.map((a) => a.name)) === JSON.stringify(assignees.map((a) => a.name));
    if (same) return null;
    await db
      .update(jobs)
      .set({
        title: job.title,
        priority: job.priority,
        categoryId: catId,
        status: job.status,
        providerStatus: job.providerStatus,
        assignees,
        number: job.number,
        updatedAt: now,
      })
      .where(eq(jobs.id, existing.id));
    if (statusChanged) {
      await db.insert(jobStatusHistory).values({
        jobId: existing.id,
        fromStatus: existing.status,
        toStatus: job.status,
        changedByName: 'Zuper',
        note: job.providerStatus ?? '',
        changedAt: now,
      });
    }
    return {
      id: existing.id,
      status: job.status,
      organization_id: existing.organizationId,
      location_id: existing.locationId,
      controller_id: existing.controllerId,
      alarm_id: existing.alarmId,
    };
  }
  const site = await matchLocation(db, job.address);
  const [row] = await db
    .insert(jobs)
    .values({
      number: job.number,
      title: job.title,
      categoryId: catId,
      priority: job.priority,
      status: job.status,
      providerStatus: job.providerStatus,
      createdByName: job.createdByName,
      organizationId: site?.organization_id ?? null,
      locationId: site?.id ?? null,
      assignees,
      callReceivedAt: job.callReceivedAt ?? now,
      provider: 'zuper',
      externalId: job.externalId,
      updatedAt: now,
    })
    .returning();
  if (!row) return null;
  await db.insert(jobStatusHistory).values({
    jobId: row.id,
    toStatus: row.status,
    changedByName: 'Zuper',
    note: job.providerStatus ?? '',
    changedAt: row.callReceivedAt,
  });
  return {
    id: row.id,
    status: row.status,
    organization_id: row.organizationId,
    location_id: row.locationId,
    controller_id: null,
    alarm_id: null,
  };
}

/** A full sync: categories, then every page of jobs. Returns what changed (for realtime). */
export async function syncProviderJobs(db: Db, provider: JobsProvider, now: Date): Promise<JobChange[]> {
  for (const c of await provider.categories()) {
    await categoryId(db, c);
  }
  const changes: JobChange[] = [];
  for await (const page of provider.pages()) {
    for (const job of page) {
      const change = await upsertProviderJob(db, job, now);
      if (change) changes.push(change);
    }
  }
  return changes;
}
