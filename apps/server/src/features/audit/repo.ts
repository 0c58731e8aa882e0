import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditEntry = {
  actorUserId: number | null;
  impersonatorUserId?: number | null;
  organizationId?: number | null;
  action: string;
  subjectType: string;
  subjectId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

export function createAuditRepo(db: Db) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({
        ...entry,
        subjectId: entry.subjectId == null ? null : String(entry.subjectId),
      });
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
