import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

declare const madeHere: unique symbol;

/**
 * Who an entry names: the person, the administrator impersonating them (if any) and the integration
 * token the change came through (its creator is the actor). Only the functions below make one, so an
 * impersonated change always names both people.
 */
export type AuditActor = {
  actorUserId: number | null;
  impersonatorUserId: number | null;
  apiTokenId: number | null;
  readonly [madeHere]: true;
};

export type AuditEntry = AuditActor & {
  organizationId?: number | null;
  action: string;
  subjectType: string;
  subjectId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** An entry but for who acted: `recordBy` takes the actor apart. */
export type CallerEntry = Omit<AuditEntry, keyof AuditActor>;

/** What a request's actor is read from: the auth feature's request context has this shape. */
export type ActingCaller = {
  user: { id: number };
  impersonatorUserId: number | null;
  apiToken: { id: number } | null;
};

/** A request's actor: the signed-in user, who impersonates them and the token it came with. */
export const auditActor = (ctx: ActingCaller): AuditActor =>
  ({
    actorUserId: ctx.user.id,
    impersonatorUserId: ctx.impersonatorUserId,
    apiTokenId: ctx.apiToken?.id ?? null,
  }) as AuditActor;

/** A person acting without a session (signing in, following an emailed link); null: nobody known yet. */
export const personActor = (userId: number | null): AuditActor =>
  ({ actorUserId: userId, impersonatorUserId: null, apiTokenId: null }) as AuditActor;

/** The installation itself (a scheduled task, a delivery worker). */
export const systemActor = (): AuditActor => personActor(null);

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
    /** `record`, the actor given apart: `recordBy(auditActor(ctx), {action, subjectType, …}, tx)`. */
    async recordBy(actor: AuditActor, entry: CallerEntry, tx: Tx): Promise<void> {
      await insert({ ...actor, ...entry }, tx);
    },
    /**
     * One write and its entry in one transaction of `on`: `write` runs, then the entry (made of what
     * the write returned, such as a new row's id, when given as a function) is recorded by `actor`.
     * What the write returned is returned.
     */
    async recordChange<T>(
      on: Db,
      actor: AuditActor,
      write: (tx: Tx) => Promise<T>,
      entry: CallerEntry | ((result: T) => CallerEntry),
    ): Promise<T> {
      return on.transaction(async (tx) => {
        const result = await write(tx);
        await insert({ ...actor, ...(typeof entry === 'function' ? entry(result) : entry) }, tx);
        return result;
      });
    },
    /** An action that changed no row of ours (a test email sent, a backup made or downloaded): its entry alone. */
    async recordAction(entry: AuditEntry): Promise<void> {
      await insert(entry, db);
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;

/**
 * What a service that changes records is given besides its own parts: the database its transactions
 * run on, the audit log each change is written to inside them, and the instance's clock.
 */
export type ChangeDeps = { db: Db; audit: AuditRepo; now: () => Date };
