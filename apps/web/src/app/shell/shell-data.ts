import type { AuthUser } from '@rcm/shared/auth';
import { isAdministrator } from '@rcm/shared/permissions';
import { unauthorisedControllersQuery } from '../../features/pending/get-unauthorised-controllers.ts';
import { storageQuery } from '../../features/settings/api/backups.ts';
import { mailSettingsQuery } from '../../features/settings/api/email.ts';
import { fetchFirstTime } from '../../lib/query-client.ts';
import { userCan } from '../../lib/user-can.ts';

/**
 * What the shell's banners and the header's count of controllers waiting to be authorised show, asked
 * for while the first page's code loads: the shell then renders with them in place, instead of a
 * banner arriving later and pushing the page down. Only while
 * the cache has never asked (`fetchFirstTime`; the cache is emptied whenever the identity changes).
 */
export async function ensureShellData(user: AuthUser): Promise<void> {
  await Promise.all([
    userCan(user, 'storage.view') ? fetchFirstTime(storageQuery()) : null,
    isAdministrator(user.permissions) ? fetchFirstTime(mailSettingsQuery()) : null,
    userCan(user, 'controller.authorize') ? fetchFirstTime(unauthorisedControllersQuery()) : null,
  ]);
}
