import type { JobAssignBody, JobCreateBody, JobDetail, JobStatusBody, JobUpdateBody } from '@rcm/shared/jobs';
import { jobCreateBody } from '@rcm/shared/jobs';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import type { AlarmPlaceRepo } from '../alarms/list/place-repo.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { inScope, requireScope, scopeFor } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import type { JobCategoriesRepo } from './categories-repo.ts';
import type { JobsProvider } from './provider.ts';
import type { JobRow, JobsRepo, NewJobRow } from './repo.ts';

const invalid = (field: string, key: FieldMessageKey) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

function actor(ctx: AuthContext) {
  return { id: ctx.user.id, name: ctx.user.name };
}

export function createJobsService(
  deps: ChangeDeps & {
    repo: JobsRepo;
    categories: JobCategoriesRepo;
    alarms: AlarmPlaceRepo;
    provider: JobsProvider;
    bus: EventBus;
  },
) {
  const { db, repo, bus, audit, now } = deps;

  const emit = (job: JobRow) =>
    bus.emit('job.updated', {
      id: job.id,
      status: job.status,
      organization_id: job.organizationId,
      location_id: job.locationId,
      controller_id: job.controllerId,
      alarm_id: job.alarmId,
    });

  /** The job if the caller may see it (404 otherwise: another tenant's job does not exist for them). */
  async function visibleJob(ctx: AuthContext, id: number): Promise<JobRow> {
    const scope = scopeFor(ctx, 'jobs');
    const job = await repo.findById(id);
    if (!scope || !job || !inScope(scope, job)) throw new AppError(404, 'not_found');
    return job;
  }

  /** Jobs the caller may change: visible, `jobs_create`, and kept in our table (Zuper owns its jobs). */
  async function editableJob(ctx: AuthContext, id: number): Promise<JobRow> {
    const job = await visibleJob(ctx, id);
    if (!can(ctx, 'job.create')) throw new AppError(403, 'forbidden');
    if (job.provider !== 'local') throw new AppError(409, 'conflict');
    return job;
  }
  /** Whose members may be assigned to a job: the caller's organization and the job's. */
  const assigningOrganizations = (ctx: AuthContext, job: Pick<JobRow, 'organizationId'>) => [
    ...new Set([ctx.user.organizationId, job.organizationId].filter((o): o is number => o !== null)),
  ];

  /** Changes the job and records the entry `change` makes of the changed row, in one transaction; then tells the consoles. */
  async function updateAudited(
    ctx: AuthContext,
    id: number,
    patch: Partial<NewJobRow>,
    change: (row: JobRow) => { action: 'job.update' | 'job.assign'; before: unknown; after: unknown },
  ): Promise<void> {
    const job = await db.transaction(async (tx) => {
      const row = await repo.update(id, patch, now(), tx);
      if (!row) throw new AppError(404, 'not_found');
      await audit.recordBy(
        auditActor(ctx),
        { organizationId: row.organizationId, subjectType: 'job', subjectId: id, ...change(row) },
        tx,
      );
      return row;
    });
    emit(job);
  }

  /** A new category must be offered (not archived, the provider's own); a job may keep the one it has. */
  async function checkCategory(categoryId: number | null, current: number | null = null) {
    if (categoryId === null) return null;
    const category = await deps.categories.find(categoryId, deps.provider.kind);
    if (!category || (!category.selectable && categoryId !== current)) {
      throw invalid('category_id', 'job_category_unknown');
    }
    return category;
  }

  return {
    visibleJob,

    async detail(ctx: AuthContext, id: number): Promise<JobDetail> {
      const job = await visibleJob(ctx, id);
      const summary = await repo.summary(job.id);
      if (!summary) throw new AppError(404, 'not_found');
      const { organizationId: _org, ...rest } = summary;
      return {
        ...rest,
        history: await repo.history(job.id),
        can_edit: can(ctx, 'job.edit', { provider: job.provider }),
      };
    },

    async create(ctx: AuthContext, input: JobCreateBody): Promise<JobRow> {
      const body = jobCreateBody.parse(input);
      const scope = requireScope(ctx, 'jobs', 'job.create');
      const location = await repo.location(body.location_id);
      if (!location || !inScope(scope, { organizationId: location.organizationId, locationId: location.id })) {
        throw invalid('location_id', 'job_location_unknown');
      }
      let controllerId = body.controller_id;
      let alarmId: number | null = null;
      if (body.alarm_ref !== null) {
        const alarm = await deps.alarms.byRef(body.alarm_ref);
        if (
          !alarm ||
          alarm.locationId !== location.id ||
          (controllerId !== null && alarm.controllerId !== controllerId)
        ) {
          throw invalid('alarm_ref', 'job_alarm_mismatch');
        }
        alarmId = alarm.id;
        controllerId = alarm.controllerId;
      }
      if (controllerId !== null) {
        const controller = await repo.controller(controllerId);
        if (!controller?.authorised || controller.locationId !== location.id) {
          throw invalid('controller_id', 'controller_not_at_location');
        }
      }
      const category = await checkCategory(body.category_id);
      const created = await deps.provider.create({
        title: body.title,
        description: body.description,
        priority: body.priority,
        category: category ? { externalId: category.externalId, name: category.name } : null,
        // Zuper files the job under the store's address; the sync matches it back the same way.
        address: { street: location.street, city: location.city, state: location.state, zip: location.zip },
      });
      const job = await audit.recordChange(
        db,
        auditActor(ctx),
        (tx) =>
          repo.insert(
            {
              number: created?.number,
              title: body.title,
              description: body.description,
              categoryId: body.category_id,
              priority: body.priority,
              status: 'New',
              createdBy: ctx.user.id,
              createdByName: ctx.user.name,
              organizationId: location.organizationId,
              locationId: location.id,
              controllerId,
              alarmId,
              callReceivedAt: body.call_received_at ? new Date(body.call_received_at) : now(),
              provider: created ? deps.provider.kind : 'local',
              externalId: created?.externalId ?? null,
              createdAt: now(),
              updatedAt: now(),
            },
            actor(ctx),
            tx,
          ),
        (row) => ({
          organizationId: row.organizationId,
          action: 'job.create',
          subjectType: 'job',
          subjectId: row.id,
          before: null,
          after: { number: row.number, title: row.title, alarm_id: alarmId, controller_id: controllerId },
        }),
      );
      emit(job);
      return job;
    },

    async update(ctx: AuthContext, id: number, body: JobUpdateBody) {
      const before = await editableJob(ctx, id);
      await checkCategory(body.category_id, before.categoryId);
      await updateAudited(
        ctx,
        id,
        { title: body.title, description: body.description, categoryId: body.category_id, priority: body.priority },
        (row) => ({
          action: 'job.update',
          before: { title: before.title, priority: before.priority, category_id: before.categoryId },
          after: { title: row.title, priority: row.priority, category_id: row.categoryId },
        }),
      );
    },

    async changeStatus(ctx: AuthContext, id: number, body: JobStatusBody) {
      await editableJob(ctx, id);
      const job = await repo.changeStatus(id, { status: body.status, note: body.note ?? '', by: actor(ctx) }, now());
      // Already in that status: nothing to record.
      if (job) emit(job);
    },

    /** People who may be assigned: members of the job's organization and of the caller's. */
    async assignable(ctx: AuthContext, id: number) {
      const job = await visibleJob(ctx, id);
      return repo.usersIn(assigningOrganizations(ctx, job));
    },

    async assign(ctx: AuthContext, id: number, body: JobAssignBody) {
      const before = await editableJob(ctx, id);
      const ids = [...new Set(body.user_ids)];
      const people = ids.length ? await repo.usersIn(assigningOrganizations(ctx, before), ids) : [];
      if (people.length !== ids.length) throw invalid('user_ids', 'job_assignee_unknown');
      await updateAudited(ctx, id, { assignees: people.map((p) => ({ user_id: p.id, name: p.name })) }, () => ({
        action: 'job.assign',
        before: { assignees: before.assignees.map((a) => a.user_id) },
        after: { assignees: ids },
      }));
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
