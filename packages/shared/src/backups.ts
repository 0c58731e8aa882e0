import { z } from 'zod';

/** One backup of the embedded database (GET/POST /api/admin/backups). */
export const backupInfo = z.object({
  name: z.string(),
  size_bytes: z.number().int().nonnegative(),
  created_at: z.string(),
});
export type BackupInfo = z.infer<typeof backupInfo>;

/** rcm-20261125T031500123Z.tar.gz, or …-nightly.tar.gz for the nightly ones. */
export const backupName = z.string().regex(/^rcm-\d{8}T\d{9}Z(-nightly)?\.tar\.gz$/);

/**
 * The embedded database's storage, for administrators (GET /api/admin/storage): whether backups are
 * taken here (embedded) and whether the disk is low (ingest refused). PostgreSQL: embedded false.
 */
export const storageStatus = z.object({
  embedded: z.boolean(),
  disk_low: z.boolean(),
  free_bytes: z.number().nullable(),
  min_free_bytes: z.number().nullable(),
  /** Backups kept of each kind (BACKUP_KEEP); null where backups are not taken here. */
  backup_keep: z.number().int().nullable(),
});
export type StorageStatus = z.infer<typeof storageStatus>;
