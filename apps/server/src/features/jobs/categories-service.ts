import type { JobCategoryBody, JobCategoryPatch } from '@rcm/shared/jobs';
import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import type { AuthContext } from '../auth/service.ts';
import type { JobCategoriesRepo } from './categories-repo.ts';

const nameError = (key: FieldMessageKey, status: number) =>
  new AppError(status, status === 409 ? 'conflict' : 'validation_failed', { fields: [{ field: 'name', key }] });

/**
 * Settings → Job categories. Categories are shared by every organization, so changing them needs
 * `organization_view_all` besides `settings_update`. With Zuper connected, categories are Zuper's
 * (synced with its jobs, sent with new jobs): they are read-only here and none can be added.
 */
export function createJobCategoriesService(
  deps: ChangeDeps & {
    repo: JobCategoriesRepo;
    provider: 'local' | 'zuper';
  },
) {
  const { db, repo, audit, provider, now } = deps;

  function requireManager(ctx: AuthContext): void {
    if (!can(ctx, 'jobCategory.manage')) {
      throw new AppError(403, 'forbidden');
    }
    if (provider !== 'local') throw nameError('job_category_zuper', 409);
  }

  async function editable(id: number) {
    const category = await repo.find(id, provider);
    if (!category) throw new AppError(404, 'not_found');
    if (category.provider !== 'local') throw nameError('job_category_zuper', 409);
    return category;
  }

  return {
    list: () => repo.list(provider),
    find: (id: number) => repo.find(id, provider),
    managedBy: provider,

    async create(ctx: AuthContext, body: JobCategoryBody): Promise<number> {
      requireManager(ctx);
      if (await repo.nameTaken(body.name)) throw nameError('job_category_taken', 422);
      return audit.recordChange(
        db,
        auditActor(ctx),
        (tx) => repo.insert(body.name, tx),
        (id) => ({ action: 'job_category.create', subjectType: 'job_category', subjectId: id, after: body }),
      );
    },

    /** Renames, or restores an archived category (`archived: false`). */
    async update(ctx: AuthContext, id: number, body: JobCategoryPatch): Promise<void> {
      requireManager(ctx);
      const before = await editable(id);
      if (body.name !== undefined && (await repo.nameTaken(body.name, id))) throw nameError('job_category_taken', 422);
      await audit.recordChange(
        db,
        auditActor(ctx),
        (tx) =>
          repo.update(
            id,
            {
              ...(body.name !== undefined ? { name: body.name } : {}),
              ...(body.archived === false ? { archivedAt: null } : {}),
            },
            tx,
          ),
        {
          action: body.archived === false ? 'job_category.restore' : 'job_category.update',
          subjectType: 'job_category',
          subjectId: id,
          before: { name: before.name, archived: before.archived },
          after: body,
        },
      );
    },

    /** Archives: no longer offered for new jobs; jobs filed under it keep it. */
    async archive(ctx: AuthContext, id: number): Promise<void> {
      requireManager(ctx);
      const before = await editable(id);
      if (before.archived) return;
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.update(id, { archivedAt: now() }, tx), {
        action: 'job_category.archive',
        subjectType: 'job_category',
        subjectId: id,
        before: { name: before.name },
      });
    },
  };
}

export type JobCategoriesService = ReturnType<typeof createJobCategoriesService>;
