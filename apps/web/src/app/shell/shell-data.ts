import type { AuthUser } from '@rcm/shared/auth';
import { isAdministrator } from '@rcm/shared/permissions';
import type { QueryKey } from '@tanstack/react-query';
import { storageQuery } from '../../features/settings/api/backups.ts';
import { mailSettingsQuery } from '../../features/settings/api/email.ts';
import { queryClient } from '../../lib/query-client.ts';
import { userCan } from '../../lib/user-can.ts';

/**
 * What the shell's banners show, asked for while the first page's code loads: the shell then renders
 * with its banners in place, instead of a banner arriving later and pushing the page down. Only while
 * the cache has never asked (the first page of a signed-in user: the cache is emptied whenever the
 * identity changes); afterwards the banners keep themselves current and no navigation waits for them.
 * A banner whose status cannot be read is left out, as the banner itself does.
 */
export async function ensureShellData(user: AuthUser): Promise<void> {
  const unasked = (options: { queryKey: QueryKey }) => queryClient.getQueryState(options.queryKey) === undefined;
  const wanted = [
    userCan(user, 'storage.view') && unasked(storageQuery()) ? queryClient.fetchQuery(storageQuery()) : null,
    isAdministrator(user.permissions) && unasked(mailSettingsQuery())
      ? queryClient.fetchQuery(mailSettingsQuery())
      : null,
  ];
  await Promise.all(wanted.map((p) => p?.catch(() => undefined)));
}
