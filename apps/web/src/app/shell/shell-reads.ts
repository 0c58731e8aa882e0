import type { AuthUser } from '@rcm/shared/auth';
import { isAdministrator } from '@rcm/shared/permissions';
import { unauthorizedControllersQuery } from '@/features/controllers/pending/get-unauthorized-controllers.ts';
import { mailSettingsQuery } from '@/features/notifications/api/mail-settings.ts';
import { storageQuery } from '@/features/ops/api/backups.ts';
import { userCan } from '@/lib/user-can.ts';

/**
 * What the shell reads for its banners and the header's count of controllers waiting to be authorized,
 * for the parts this user sees. Plain query options, so the page's first script can ask for the same
 * paths before the app runs (app/first-reads.ts).
 */
export function shellReads(user: AuthUser) {
  return {
    storage: userCan(user, 'storage.view') ? storageQuery() : null,
    mail: isAdministrator(user.permissions) ? mailSettingsQuery() : null,
    unauthorized: userCan(user, 'controller.authorize') ? unauthorizedControllersQuery() : null,
  };
}
