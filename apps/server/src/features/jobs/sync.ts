import type { DbOrTx } from '../../db/client.ts';
import type { JobsProvider, ProviderJob } from './provider.ts';
import type { JobSyncRepo } from './sync-repo.ts';

export type JobChange = {
  id: number;
  status: ProviderJob['status'];
  organization_id: number | null;
  location_id: number | null;
  controller_id: number | null;
  alarm_id: number | null;
};

/** Provider jobs stored through the sync repository, on the handle each call is given (the caller's transaction). */
export function createJobSync(repo: JobSyncRepo) {
  async function categoryId(category: ProviderJob['category'], on: DbOrTx): Promise<number | null> {
    if (!category) return null;
    return repo.upsertZuperCategory(category.externalId, category.name || category.externalId, on);
  }

  /** The store a provider job is for, by its customer address (street and city, case-insensitive). */
  async function matchLocation(address: ProviderJob['address'], on: DbOrTx) {
    if (!address?.street) return null;
    return repo.locationAtAddress(address.street, address.city, on);
  }

  /**
   * Stores one provider job: inserts it, or updates our copy (keeping the links we made: controller,
   * alarm, location) and records a status change in the history. Runs on the given handle only, so it
   * may run inside the caller's transaction.
   */
  async function upsertProviderJob(job: ProviderJob, now: Date, on: DbOrTx): Promise<JobChange | null> {
    const catId = await categoryId(job.category, on);
    const assignees = job.assignees.map((a) => ({ user_id: null, name: a.name, external_id: a.externalId }));
    const existing = await repo.findZuperJob(job.externalId, on);
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
      await repo.updateJob(
        existing.id,
        {
          title: job.title,
          priority: job.priority,
          categoryId: catId,
          status: job.status,
          providerStatus: job.providerStatus,
          assignees,
          number: job.number,
          updatedAt: now,
        },
        on,
      );
      if (statusChanged) {
        await repo.insertStatusHistory(
          {
            jobId: existing.id,
            fromStatus: existing.status,
            toStatus: job.status,
            changedByName: 'Zuper',
            note: job.providerStatus ?? '',
            changedAt: now,
          },
          on,
        );
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
    const site = await matchLocation(job.address, on);
    const row = await repo.insertJob(
      {
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
      },
      on,
    );
    if (!row) return null;
    await repo.insertStatusHistory(
      {
        jobId: row.id,
        toStatus: row.status,
        changedByName: 'Zuper',
        note: job.providerStatus ?? '',
        changedAt: row.callReceivedAt,
      },
      on,
    );
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
  async function syncProviderJobs(provider: JobsProvider, now: Date, on: DbOrTx): Promise<JobChange[]> {
    for (const c of await provider.categories()) {
      await categoryId(c, on);
    }
    const changes: JobChange[] = [];
    for await (const page of provider.pages()) {
      for (const job of page) {
        const change = await upsertProviderJob(job, now, on);
        if (change) changes.push(change);
      }
    }
    return changes;
  }

  return { upsertProviderJob, syncProviderJobs };
}

export type JobSync = ReturnType<typeof createJobSync>;
