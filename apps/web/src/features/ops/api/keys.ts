/** The embedded database's backups and storage (administrators). */
export const opsKeys = {
  backups: ['admin', 'backups'] as const,
  storage: ['admin', 'storage'] as const,
};
