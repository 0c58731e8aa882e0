import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { AuthContext } from '../auth/context.ts';

export type AuditEntry = {
  actorUserId: number | null;
  impersonatorUserId?: number | null;
  /** The integration token the change came through (its creator is the actor). */
  apiTokenId?: number | null;
  organizationId?: number | null;
  action: string;
  subjectType: string;
  subjectId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Who an entry names: the signed-in user, the administrator impersonating them (if any) and the
 * integration token the request came with (if any).
 */
export const auditActor = (ctx: AuthContext) => ({
  actorUserId: ctx.user.id,
  impersonatorUserId: ctx.impersonatorUserId,
  apiTokenId: ctx.apiToken?.id ?? null,
});

/**
 * Who an entry names where it keeps one user: the impersonating administrator, else the user; and the
 * integration token the request came with (if any).
 */
export const actingActor = (ctx: AuthContext) => ({
  actorUserId: ctx.impersonatorUserId ?? ctx.user.id,
  apiTokenId: ctx.apiToken?.id ?? null,
});

export function createAuditRepo(db: Db) {
  const insert = (entry: AuditEntry, on: Db | Tx) =>
    on.insert(auditLog).values({ ...entry, subjectId: entry.subjectId == null ? null : String(entry.subjectId) });
  return {
    /**
     * Written in the change's transaction: the change and its audit entry commit together or not at
     * all. A transaction, not the database: the type is the rule.
     */
    async record(entry: AuditEntry, tx: Tx): Promise<void> {
      await insert(entry, tx);
    },
    /** An action that changed no row of ours (a test email sent, a backup made or downloaded): its entry alone. */
    async recordAction(entry: AuditEntry): Promise<void> {
      await insert(entry, db);
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
