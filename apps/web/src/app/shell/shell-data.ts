import type { AuthUser } from '@rcm/shared/auth';
import { isAdministrator } from '@rcm/shared/permissions';
import { storageQuery } from '../../features/settings/api/backups.ts';
import { mailSettingsQuery } from '../../features/settings/api/email.ts';
import { queryClient } from '../../lib/query-client.ts';
import { userCan } from '../../lib/user-can.ts';

/** The user whose shell has had its banners read: later navigations do not wait for them again. */
let readFor: number | null = null;

/**
 * What the shell's banners show, asked for while the first page's code loads: the shell then renders
 * with its banners in place, instead of a banner arriving later and pushing the page down. Read once
 * per signed-in user (the banners keep themselves current); a filter change or a later page never
 * waits for them. A banner whose status cannot be read is left out, as the banner itself does.
 */
export async function ensureShellData(user: AuthUser): Promise<void> {
  if (readFor === user.id) return;
  const wanted = [
    userCan(user, 'storage.view') ? queryClient.ensureQueryData(storageQuery()) : null,
    isAdministrator(user.permissions) ? queryClient.ensureQueryData(mailSettingsQuery()) : null,
  ];
  await Promise.all(wanted.map((p) => p?.catch(() => undefined)));
  readFor = user.id;
}
