import type { AlarmDetail, AlarmListQuery, AlarmStats, AlarmSummary } from '@rcm/shared/alarms';
import { type ListMeta, pageMeta } from '@rcm/shared/pagination';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { sanitizeNotes } from '../../../lib/sanitize-notes.ts';
import { type AuditRepo, auditActor } from '../../audit/repo.ts';
import { authenticatedRead } from '../../auth/guard.ts';
import { requireScope } from '../../auth/scope.ts';
import type { AuthContext, AuthService } from '../../auth/service.ts';
import type { AlarmLifecycleRepo } from '../lifecycle/lifecycle-repo.ts';
import type { AlarmFilter } from './alarm-filter.ts';
import { type AlarmQueryRepo, pageOf, pageStatement, statsOf, statsStatement } from './query-repo.ts';

export type AlarmPage = {
  data: AlarmSummary[];
  meta: ListMeta;
};

/** The list's response text (`{data, meta}`: an AlarmPage) around the page's JSON from PostgreSQL. */
function pageText(q: AlarmListQuery, { json, total }: { json: string; total: number }): string {
  return `{"data":${json},"meta":${JSON.stringify(pageMeta(q.page, q.per_page, total))}}`;
}

/** The alarm dashboard and view: lists, tiles, one alarm, its notes. Scope decides what exists. */
export function createAlarmService(deps: {
  db: Db;
  queries: AlarmQueryRepo;
  lifecycle: AlarmLifecycleRepo;
  audit: AuditRepo;
}) {
  const { db, queries, lifecycle, audit } = deps;
  return {
    /** The page as the response's JSON text (`{data, meta}`: an AlarmPage): the rows' JSON comes from the query. */
    async list(ctx: AuthContext, q: AlarmListQuery): Promise<string> {
      return pageText(q, await queries.page(requireScope(ctx, 'alarms', 'alarm.view'), q));
    },

    /** list, with the caller's session resolved in the same round trip (authenticatedRead). */
    async listAuthenticating(request: FastifyRequest, auth: AuthService, q: AlarmListQuery): Promise<string> {
      const { row } = await authenticatedRead(request, auth, (ctx) =>
        pageStatement(requireScope(ctx, 'alarms', 'alarm.view'), q),
      );
      return pageText(q, pageOf(row));
    },

    floods(ctx: AuthContext) {
      return queries.floods(requireScope(ctx, 'alarms', 'alarm.view'));
    },

    stats(ctx: AuthContext, filter: AlarmFilter): Promise<AlarmStats> {
      return queries.stats(requireScope(ctx, 'alarms', 'alarm.view'), filter);
    },

    /** stats, with the caller's session resolved in the same round trip (authenticatedRead). */
    async statsAuthenticating(request: FastifyRequest, auth: AuthService, filter: AlarmFilter): Promise<AlarmStats> {
      const { row } = await authenticatedRead(request, auth, (ctx) =>
        statsStatement(requireScope(ctx, 'alarms', 'alarm.view'), filter),
      );
      return statsOf(row);
    },

    types(ctx: AuthContext) {
      requireScope(ctx, 'alarms', 'alarm.view');
      return queries.types();
    },

    /** An alarm outside the caller's scope is reported as missing, never as forbidden. */
    async detail(ctx: AuthContext, ref: number): Promise<AlarmDetail> {
      const alarm = await queries.detail(requireScope(ctx, 'alarms', 'alarm.view'), ref);
      if (!alarm) throw new AppError(404, 'not_found');
      return alarm;
    },

    /**
     * Stores the notes sanitized (they are rendered as HTML to every viewer); the change and its
     * audit entry commit together.
     */
    async updateNotes(ctx: AuthContext, ref: number, notes: string): Promise<{ notes: string }> {
      const scope = requireScope(ctx, 'alarms', 'alarm.view', 'alarm.annotate');
      const clean = sanitizeNotes(notes);
      await db.transaction(async (tx) => {
        const before = await lifecycle.notesByRef(scope, ref, tx);
        if (!before) throw new AppError(404, 'not_found');
        if (!(await lifecycle.setNotes(scope, ref, clean, tx))) throw new AppError(404, 'not_found');
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: before.organizationId,
            action: 'alarm.notes',
            subjectType: 'alarm',
            subjectId: ref,
            before: { notes: before.notes },
            after: { notes: clean },
          },
          tx,
        );
      });
      return { notes: clean };
    },
  };
}

export type AlarmService = ReturnType<typeof createAlarmService>;
