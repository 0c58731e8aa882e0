import type { BackupInfo, StorageStatus } from '@rcm/shared/backups';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRead } from '@/lib/api-client.ts';
import { downloadFile } from '@/lib/download.ts';
import { opsKeys } from './keys.ts';

/** Backups of the embedded database (administrators who see every organization). */
export const backupsQuery = () =>
  queryOptions({
    queryKey: opsKeys.backups,
    queryFn: () => api<{ data: BackupInfo[] }>('admin/backups').then((r) => r.data),
    retry: false,
  });

/** Whether the server stores its data itself, and whether its disk is almost full (the shell's banner). */
export const storageQuery = () =>
  queryOptions({
    queryKey: opsKeys.storage,
    ...apiRead<{ data: StorageStatus }, StorageStatus>('admin/storage', (r) => r.data),
    refetchInterval: 60_000,
  });

export function createBackup(): Promise<BackupInfo> {
  return api<{ data: BackupInfo }>('admin/backups', { method: 'POST' }).then((r) => r.data);
}

const backupPath = (name: string) => `admin/backups/${encodeURIComponent(name)}`;

/** The backup's address (the link's target; the download itself goes through the API client). */
export const backupUrl = (name: string) => `/api/${backupPath(name)}`;

/** Saves a backup to the browser's downloads (the request needs the session's token, so not a plain link). */
export function downloadBackup(name: string): Promise<void> {
  return downloadFile(backupPath(name), name);
}
