import type { AuditRepo } from '../features/audit/repo.ts';

/** An audit log that cannot be written: the change it would record must not stay either. */
export const failingAudit: AuditRepo = {
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
