import type { Locale } from '@rcm/shared/locale';
import { pageMeta } from '@rcm/shared/pagination';
import type { AuditEntry, AuditLogQuery } from '@rcm/shared/settings';
import { and, asc, count, desc, eq, gte, ilike, lt, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditLog, organizations, users } from '../../db/schema.ts';
import { apiTokens } from '../../db/schema-auth.ts';
import { type AuditNamesRepo, subjectKey } from '../audit/names-repo.ts';
import { auditChanges, type NamedKind, named, refsOf, snapshotName } from '../audit/present.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

const DAY_MS = 86_400_000;
const SIGN_IN_ACTION = 'auth.login';

/**
 * The audit log, newest first, limited to the viewer's organization unless they see all. Each entry
 * comes with its subject's name and its changes field by field, ids named (`audit/present.ts`,
 * `audit/names-repo.ts`), for the SPA to word in the reader's language.
 */
export function createAuditLogRepo(db: Db, auditNames: AuditNamesRepo) {
  const actor = alias(users, 'actor');
  const impersonator = alias(users, 'impersonator');
  /** Entries with who acted, who impersonated them, the organization and the token, by name as they are now. */
  const withNames = () =>
    db
      .select({
        log: auditLog,
        actorName: actor.name,
        actorEmail: actor.email,
        impName: impersonator.name,
        impEmail: impersonator.email,
        orgName: organizations.name,
        tokenName: apiTokens.name,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonatorUserId))
      .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
      .leftJoin(apiTokens, eq(apiTokens.id, auditLog.apiTokenId));

  return {
    async list(scope: TenantScope, q: AuditLogQuery, locale: Locale) {
      const conditions: (SQL | undefined)[] = [
        scopeSql(scope, { org: auditLog.organizationId }),
        q.action ? eq(auditLog.action, q.action) : undefined,
        q.hide_sign_ins === 'true' ? ne(auditLog.action, SIGN_IN_ACTION) : undefined,
        q.actor ? or(ilike(actor.name, `%${q.actor}%`), ilike(actor.email, `%${q.actor}%`)) : undefined,
        q.from ? gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
        q.to ? lt(auditLog.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS)) : undefined,
      ];
      const where = and(...conditions);
      const [total] = await db
        .select({ n: count() })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
        .where(where);
      const rows = await withNames()
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      const pending = rows.map((r) => auditChanges(r.log.before, r.log.after));
      const refs = new Map<NamedKind, Set<number>>();
      for (const changes of pending) {
        for (const [kind, ids] of refsOf(changes)) refs.set(kind, new Set([...(refs.get(kind) ?? []), ...ids]));
      }
      const subjects = rows.flatMap((r) => (r.log.subjectId ? [{ type: r.log.subjectType, id: r.log.subjectId }] : []));
      const names = await auditNames.names(refs, subjects, locale);
      const data: AuditEntry[] = rows.map((r, i) => ({
        id: r.log.id,
        action: r.log.action,
        subject_type: r.log.subjectType,
        subject_id: r.log.subjectId,
        subject_name:
          (r.log.subjectId ? names.get(subjectKey(r.log.subjectType, r.log.subjectId)) : undefined) ??
          snapshotName(r.log.before, r.log.after),
        actor:
          r.log.actorUserId !== null && r.actorName !== null
            ? { id: r.log.actorUserId, name: r.actorName, email: r.actorEmail ?? '' }
            : null,
        impersonator:
          r.log.impersonatorUserId !== null && r.impName !== null
            ? { id: r.log.impersonatorUserId, name: r.impName, email: r.impEmail ?? '' }
            : null,
        api_token:
          r.log.apiTokenId !== null && r.tokenName !== null ? { id: r.log.apiTokenId, name: r.tokenName } : null,
        organisation:
          r.log.organizationId !== null && r.orgName !== null ? { id: r.log.organizationId, name: r.orgName } : null,
        changes: named(pending[i] ?? [], (of, id) => names.get(`${of}:${id}`)),
        created_at: r.log.createdAt.toISOString(),
      }));
      return { data, meta: pageMeta(q.page, q.per_page, total?.n ?? 0) };
    },

    /**
     * The scope's entries created at or after `since`, oldest first, at most `limit`: one JSON object
     * per line, times in UTC, the actor, impersonator and token by id and name as they are now.
     */
    async exportLines(scope: TenantScope, since: Date, limit: number): Promise<string[]> {
      const rows = await withNames()
        .where(and(scopeSql(scope, { org: auditLog.organizationId }), gte(auditLog.createdAt, since)))
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
        .limit(limit);
      return rows.map((r) =>
        JSON.stringify({
          id: r.log.id,
          created_at: r.log.createdAt.toISOString(),
          action: r.log.action,
          organization_id: r.log.organizationId,
          actor: r.log.actorUserId === null ? null : { id: r.log.actorUserId, email: r.actorEmail },
          impersonator: r.log.impersonatorUserId === null ? null : { id: r.log.impersonatorUserId, email: r.impEmail },
          api_token: r.log.apiTokenId === null ? null : { id: r.log.apiTokenId, name: r.tokenName },
          subject_type: r.log.subjectType,
          subject_id: r.log.subjectId,
          before: r.log.before ?? null,
          after: r.log.after ?? null,
        }),
      );
    },

    async actions() {
      const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
      return rows.map((r) => r.action);
    },
  };
}

export type AuditLogRepo = ReturnType<typeof createAuditLogRepo>;
