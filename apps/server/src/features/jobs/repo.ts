import type { JobHistoryEntry, JobListQuery, JobStats, JobStatus, JobSummary } from '@rcm/shared/jobs';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { controllers, locations, users } from '../../db/schema.ts';
import { type JobAssignee, jobStatusHistory, jobs } from '../../db/schema-jobs.ts';
import { arr, query, toIso } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

type SummaryRow = {
  id: number;
  number: string;
  title: string;
  category_id: number | null;
  category_name: string | null;
  priority: JobSummary['priority'];
  status: JobStatus;
  provider_status: string | null;
  created_by_name: string;
  organization_id: number | null;
  org_name: string | null;
  location_id: number | null;
  location_name: string | null;
  controller_id: number | null;
  controller_name: string | null;
  alarm_id: number | null;
  alarm_ref: number | null;
  assignees: JobAssignee[] | string;
  call_received_at: unknown;
  provider: JobSummary['provider'];
  external_id: string | null;
  updated_at: unknown;
  description: string;
};

const SELECT = sql`select j.id, j.number, j.title, j.category_id, cat.name as category_name, j.priority, j.status,
    j.provider_status, j.created_by_name, j.organization_id, o.name as org_name, j.location_id,
    l.name as location_name, j.controller_id, coalesce(c.name, c.mac_address) as controller_name, j.alarm_id,
    a.ref as alarm_ref, j.assignees, j.call_received_at, j.provider, j.external_id, j.updated_at, j.description
  from jobs j
  left join job_categories cat on cat.id = j.category_id
  left join organizations o on o.id = j.organization_id
  left join locations l on l.id = j.location_id
  left join controllers c on c.id = j.controller_id
  left join alarms a on a.id = j.alarm_id`;

function toSummary(r: SummaryRow): JobSummary & { description: string; organizationId: number | null } {
  const assignees = typeof r.assignees === 'string' ? (JSON.parse(r.assignees) as JobAssignee[]) : r.assignees;
  return {
    id: r.id,
    number: r.number,
    title: r.title,
    category: r.category_id !== null ? { id: r.category_id, name: r.category_name ?? '' } : null,
    priority: r.priority,
    status: r.status,
    provider_status: r.provider_status,
    created_by: r.created_by_name,
    organisation: r.organization_id !== null ? { id: r.organization_id, name: r.org_name ?? '' } : null,
    location: r.location_id !== null ? { id: r.location_id, name: r.location_name ?? '' } : null,
    controller: r.controller_id !== null ? { id: r.controller_id, name: r.controller_name ?? '' } : null,
    alarm: r.alarm_id !== null && r.alarm_ref !== null ? { id: r.alarm_id, ref: r.alarm_ref } : null,
    assignees: assignees.map((a) => ({ user_id: a.user_id, name: a.name })),
    call_received_at: toIso(r.call_received_at) ?? '',
    provider: r.provider,
    external_id: r.external_id,
    updated_at: toIso(r.updated_at) ?? '',
    description: r.description,
    organizationId: r.organization_id,
  };
}

/** Where a job sits in a tenant. */
const JOB_COLUMNS = { org: sql`j.organization_id`, loc: sql`j.location_id` };

function filters(q: Partial<JobListQuery>, scope: TenantScope): SQL {
  const parts: SQL[] = [scopeSql(scope, JOB_COLUMNS)];
  if (q.categories?.length) parts.push(sql`j.category_id = any(${arr(q.categories)}::int[])`);
  if (q.priorities?.length) parts.push(sql`j.priority = any(${arr(q.priorities)}::text[])`);
  if (q.controller_id) parts.push(sql`j.controller_id = ${q.controller_id}`);
  if (q.alarm_id) parts.push(sql`j.alarm_id = ${q.alarm_id}`);
  return sql.join(parts, sql` and `);
}

export function createJobsRepo(db: Db) {
  return {
    async list(q: JobListQuery, scope: TenantScope) {
      const where = q.status ? sql`${filters(q, scope)} and j.status = ${q.status}` : filters(q, scope);
      const [countRow] = await query<{ n: number | string }>(db, sql`select count(*) as n from jobs j where ${where}`);
      const rows = await query<SummaryRow>(
        db,
        sql`${SELECT} where ${where} order by j.call_received_at desc, j.id desc
          limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      return { items: rows.map(toSummary), total: Number(countRow?.n ?? 0) };
    },

    /** Per-status counts under the same category/priority filters as the list (the tiles). */
    async stats(q: Partial<JobListQuery>, scope: TenantScope): Promise<JobStats> {
      const rows = await query<{ status: JobStatus; n: number | string }>(
        db,
        sql`select j.status, count(*) as n from jobs j where ${filters(q, scope)} group by j.status`,
      );
      const stats: JobStats = { New: 0, Started: 0, 'On Hold': 0, Closed: 0 };
      for (const r of rows) if (r.status in stats) stats[r.status] = Number(r.n);
      return stats;
    },

    async summary(id: number) {
      const [row] = await query<SummaryRow>(db, sql`${SELECT} where j.id = ${id}`);
      return row ? toSummary(row) : null;
    },

    async findById(id: number): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
      return row ?? null;
    },

    async history(jobId: number): Promise<JobHistoryEntry[]> {
      const rows = await db
        .select()
        .from(jobStatusHistory)
        .where(eq(jobStatusHistory.jobId, jobId))
        .orderBy(asc(jobStatusHistory.changedAt), asc(jobStatusHistory.id));
      return rows.map((h) => ({
        id: h.id,
        from_status: h.fromStatus,
        to_status: h.toStatus,
        changed_by: h.changedByName,
        note: h.note,
        changed_at: h.changedAt.toISOString(),
      }));
    },

    /** A new job and its first history entry, in the caller's transaction (with its audit entry). */
    async insert(
      row: Omit<NewJobRow, 'number'> & { number?: string },
      by: { id: number | null; name: string },
      tx: Tx,
    ) {
      const number = row.number ?? (await nextNumber(tx));
      const [job] = await tx
        .insert(jobs)
        .values({ ...row, number })
        .returning();
      if (!job) throw new Error('job insert returned nothing');
      await tx.insert(jobStatusHistory).values({
        jobId: job.id,
        fromStatus: null,
        toStatus: job.status,
        changedBy: by.id,
        changedByName: by.name,
        changedAt: job.callReceivedAt,
      });
      return job;
    },

    async update(id: number, patch: Partial<NewJobRow>, now: Date, on: DbOrTx = db) {
      const [row] = await on
        .update(jobs)
        .set({ ...patch, updatedAt: now })
        .where(eq(jobs.id, id))
        .returning();
      return row ?? null;
    },

    /** Moves a job to a status and records it, unless it is already there (returns null then). */
    async changeStatus(
      id: number,
      change: {
        status: JobStatus;
        providerStatus?: string | null;
        note: string;
        by: { id: number | null; name: string };
      },
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
        if (!before || before.status === change.status) return null;
        const [after] = await tx
          .update(jobs)
          .set({
            status: change.status,
            updatedAt: now,
            ...(change.providerStatus !== undefined ? { providerStatus: change.providerStatus } : {}),
          })
          .where(eq(jobs.id, id))
          .returning();
        await tx.insert(jobStatusHistory).values({
          jobId: id,
          fromStatus: before.status,
          toStatus: change.status,
          changedBy: change.by.id,
          changedByName: change.by.name,
          note: change.note,
          changedAt: now,
        });
        return after ?? null;
      });
    },

    /** Locations a job may be filed at within a scope (the create form's picker), archived ones left out. */
    async locationsIn(scope: TenantScope) {
      const where = scopeSql(scope, { org: sql`l.organization_id`, loc: sql`l.id` });
      const rows = await query<{ id: number; name: string; organization_name: string }>(
        db,
        sql`select l.id, l.name, o.name as organization_name from locations l join organizations o on o.id = l.organization_id
            where ${where} and l.archived_at is null order by o.name, l.name`,
      );
      return rows.map((r) => ({ id: Number(r.id), name: r.name, organization_name: r.organization_name }));
    },

    async location(id: number) {
      const [row] = await db
        .select({
          id: locations.id,
          organizationId: locations.organizationId,
          street: locations.addressLine1,
          city: locations.city,
          state: locations.state,
          zip: locations.zip,
        })
        .from(locations)
        .where(eq(locations.id, id));
      return row ?? null;
    },

    async controller(id: number) {
      const [row] = await db
        .select({
          id: controllers.id,
          organizationId: controllers.organizationId,
          locationId: controllers.locationId,
          authorised: controllers.authorised,
        })
        .from(controllers)
        .where(eq(controllers.id, id));
      return row ?? null;
    },

    /** Users who may be assigned: those of the given organizations, active. */
    async usersIn(organizationIds: number[], ids?: number[]) {
      const conds: SQL[] = [
        sql`${users.organizationId} = any(${arr(organizationIds)}::int[])`,
        eq(users.disabled, false),
      ];
      if (ids) conds.push(sql`${users.id} = any(${arr(ids)}::int[])`);
      return db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(...conds))
        .orderBy(asc(users.name));
    },
  };
}

async function nextNumber(db: DbOrTx): Promise<string> {
  const [row] = await query<{ n: number | string }>(db, sql`select nextval('job_number_seq') as n`);
  return `J-${row?.n}`;
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
