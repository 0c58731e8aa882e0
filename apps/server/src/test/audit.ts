import type { AuditRepo } from '../features/audit/repo.ts';

/** An audit log that cannot be written: the change it would record must not stay either. */
export const failingAudit: AuditRepo = {
  // The write runs in its transaction, which the entry's failure then rolls back.
  recordChange: (on, _actor, write) =>
    on.transaction(async (tx) => {
      await write(tx);
      throw new Error('audit log unavailable');
    }),
  record: async () => {
    throw new Error('audit log unavailable');
  },
  recordBy: async () => {
    throw new Error('audit log unavailable');
  },
  recordAction: async () => {
    throw new Error('audit log unavailable');
  },
};
