import type { BackupInfo, StorageStatus } from '@rcm/shared/backups';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from '@rcm/shared/locale';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getItem } from '../../../lib/storage.ts';
import { tokens } from '../../../lib/tokens.ts';

/** Backups of the embedded database (administrators who see every organization). */
export const backupsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'backups'],
    queryFn: () => api<{ data: BackupInfo[] }>('admin/backups').then((r) => r.data),
    retry: false,
  });

/** Whether the server stores its data itself, and whether its disk is almost full (the shell's banner). */
export const storageQuery = () =>
  queryOptions({
    queryKey: ['admin', 'storage'],
    queryFn: () => api<{ data: StorageStatus }>('admin/storage').then((r) => r.data),
    refetchInterval: 60_000,
  });

export function createBackup(): Promise<BackupInfo> {
  return api<{ data: BackupInfo }>('admin/backups', { method: 'POST' }).then((r) => r.data);
}

export const backupUrl = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`;

/** Saves a backup to the browser's downloads (the request needs the session's token, so not a plain link). */
export async function downloadBackup(name: string): Promise<void> {
  const headers: Record<string, string> = { 'X-Locale': getItem(LOCALE_STORAGE_KEY) ?? DEFAULT_LOCALE };
  const token = tokens.current();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(backupUrl(name), { headers });
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
