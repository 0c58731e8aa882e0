import { en as alarmList } from './areas/en/alarm-list.ts';
import { en as alarmMgmt } from './areas/en/alarm-management.ts';
import { en as alarmView } from './areas/en/alarm-view.ts';
import { en as audit } from './areas/en/audit.ts';
import { en as backups } from './areas/en/backups.ts';
import { en as cases } from './areas/en/cases.ts';
import { en as channels } from './areas/en/channels.ts';
import { en as deviceMessages } from './areas/en/device-messages.ts';
import { en as gateways } from './areas/en/gateways.ts';
import { en as inventory } from './areas/en/inventory.ts';
import { en as mfa } from './areas/en/mfa-account.ts';
import { en as onboarding } from './areas/en/onboarding.ts';
import { en as oncall } from './areas/en/oncall.ts';
import { en as refrigerant } from './areas/en/refrigerant.ts';
import { en as reports } from './areas/en/reports.ts';
import { en as settings } from './areas/en/settings.ts';
import type { Widen } from './types.ts';

/**
 * The English strings only signed-in pages use, a chunk of its own: the sign-in page's first visit
 * does not download them (lib/i18n.ts loads them when a signed-in route is entered).
 */
export const enUSApp = {
  backups,
  alarmView,
  alarmList,
  alarmMgmt,
  audit,
  cases,
  channels,
  deviceMessages,
  gateways,
  inventory,
  mfa,
  onboarding,
  oncall,
  refrigerant,
  reports,
  settings,
};

export type AppCatalog = Widen<typeof enUSApp>;
