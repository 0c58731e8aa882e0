import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobsProvider, ProviderJob } from './provider.ts';
import {
  findZuperJob,
  insertJob,
  insertStatusHistory,
  locationAtAddress,
  updateJob,
  upsertZuperCategory,
} from './sync-repo.ts';

export type JobChange = {
  id: number;
  status: ProviderJob['status'];
  organization_id: number | null;
  location_id: number | null;
  controller_id: number | null;
  alarm_id: number | null;
};

async function categoryId(db: DbOrTx, category: ProviderJob['category']): Promise<number | null> {
  if (!category) return null;
  return upsertZuperCategory(db, category.externalId, category.name || category.externalId);
}

/** The store a provider job is for, by its customer address (street and city, case-insensitive). */
async function matchLocation(db: DbOrTx, address: ProviderJob['address']) {
  if (!address?.street) return null;
  return locationAtAddress(db, address.street, address.city);
}

/**
 * Stores one provider job: inserts it, or updates our copy (keeping the links we made: controller,
 * alarm, location) and records a status change in the history. Runs on the given handle only, so it
 * may run inside the caller's transaction.
 */
export async function upsertProviderJob(db: DbOrTx, job: ProviderJob, now: Date): Promise<JobChange | null> {
  const catId = await categoryId(db, job.category);
  const assignees = job.assignees.map((a) => ({ user_id: null, name: a.name, external_id: a.externalId }));
  const existing = await findZuperJob(db, job.externalId);
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
    await updateJob(db, existing.id, {
      title: job.title,
      priority: job.priority,
      categoryId: catId,
      status: job.status,
      providerStatus: job.providerStatus,
      assignees,
      number: job.number,
      updatedAt: now,
    });
    if (statusChanged) {
      await insertStatusHistory(db, {
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
  const row = await insertJob(db, {
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
  });
  if (!row) return null;
  await insertStatusHistory(db, {
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
