import type { JobPriority, JobStatus } from '@rcm/shared/jobs';
import { SEEDED_NAMES } from '@rcm/shared/seeded';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { controllers, users } from '../db/schema.ts';
import { alarms } from '../db/schema-alarms.ts';
import { jobCategories, jobStatusHistory, jobs } from '../db/schema-jobs.ts';

export const DEMO_JOB_CATEGORIES = Object.values(SEEDED_NAMES.job_category);

const TITLES = [
  'Low superheat on rack — check expansion valves',
  'Case temperature high in dairy aisle',
  'Quarterly preventive maintenance',
  'Receiver liquid level low — leak check',
  'Compressor proof failure — service call',
  'Condenser fan replacement',
  'Walk-in freezer door gasket',
  'Annual refrigerant inspection',
];
const PRIORITIES: JobPriority[] = ['URGENT', 'HIGH', 'MEDIUM', 'LOW'];
/** Each job's path through the statuses; the last is where it is now. */
const PATHS: JobStatus[][] = [['New'], ['New', 'Started'], ['New', 'Started', 'On Hold'], ['New', 'Started', 'Closed']];

/** Demo jobs over the demo controllers, in every status, some raised from alarms (docs/contracts.md §9). */
export async function seedJobs(db: Db, now: Date): Promise<void> {
  const cats = await db
    .insert(jobCategories)
    .values(DEMO_JOB_CATEGORIES.map((name) => ({ name })))
    .returning({ id: jobCategories.id });
  const [tech] = await db.select().from(users).where(eq(users.email, 'technician@example.com'));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@example.com'));
  const fleet = await db
    .select()
    .from(controllers)
    .where(eq(controllers.authorised, true))
    .orderBy(asc(controllers.id))
    // Controllers 13+ (all twelve stores, twice): the first ones stay free of jobs for tests that expect none.
    .offset(12)
    .limit(24);
  for (const [i, c] of fleet.entries()) {
    if (c.organizationId === null || c.locationId === null) continue;
    // Every third job was raised from the controller's latest alarm, when it has one.
    const [alarm] =
      i % 3 === 0
        ? await db
            .select({ id: alarms.id, reason: alarms.reason })
            .from(alarms)
            .where(eq(alarms.controllerId, c.id))
            .orderBy(asc(alarms.raisedAt))
            .limit(1)
        : [];
    const path = PATHS[i % PATHS.length] ?? ['New'];
    const start = new Date(now.getTime() - (i + 1) * 7 * 3_600_000);
    const creator = i % 2 === 0 ? tech : admin;
    const [job] = await db
      .insert(jobs)
      .values({
        // From the same sequence as jobs created later, so numbers run on without a jump.
        number: sql<string>`'J-' || nextval('job_number_seq')`,
        title: alarm ? alarm.reason : (TITLES[i % TITLES.length] ?? 'Service call'),
        description: alarm ? 'Raised from the alarm.' : '',
        categoryId: cats[i % cats.length]?.id ?? null,
        priority: PRIORITIES[i % PRIORITIES.length] ?? 'MEDIUM',
        status: path[path.length - 1] ?? 'New',
        createdBy: creator?.id ?? null,
        createdByName: creator?.name ?? '',
        organizationId: c.organizationId,
        locationId: c.locationId,
        controllerId: c.id,
        alarmId: alarm?.id ?? null,
        assignees: path.length > 1 && tech ? [{ user_id: tech.id, name: tech.name }] : [],
        callReceivedAt: start,
        createdAt: start,
        updatedAt: new Date(start.getTime() + (path.length - 1) * 3_600_000),
      })
      .returning({ id: jobs.id });
    if (!job) continue;
    await db.insert(jobStatusHistory).values(
      path.map((status, step) => ({
        jobId: job.id,
        fromStatus: step === 0 ? null : (path[step - 1] ?? null),
        toStatus: status,
        changedBy: step === 0 ? (creator?.id ?? null) : (tech?.id ?? null),
        changedByName: step === 0 ? (creator?.name ?? '') : (tech?.name ?? ''),
        changedAt: new Date(start.getTime() + step * 3_600_000),
      })),
    );
  }
}
