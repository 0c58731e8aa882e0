import { es as alarmList } from './areas/es/alarm-list.ts';
import { es as alarmMgmt } from './areas/es/alarm-management.ts';
import { es as alarmView } from './areas/es/alarm-view.ts';
import { es as audit } from './areas/es/audit.ts';
import { es as backups } from './areas/es/backups.ts';
import { es as cases } from './areas/es/cases.ts';
import { es as channels } from './areas/es/channels.ts';
import { es as deviceMessages } from './areas/es/device-messages.ts';
import { es as gateways } from './areas/es/gateways.ts';
import { es as inventory } from './areas/es/inventory.ts';
import { es as mfa } from './areas/es/mfa-account.ts';
import { es as onboarding } from './areas/es/onboarding.ts';
import { es as oncall } from './areas/es/oncall.ts';
import { es as refrigerant } from './areas/es/refrigerant.ts';
import { es as reports } from './areas/es/reports.ts';
import { es as settings } from './areas/es/settings.ts';
import type { AppCatalog } from './en-US-app.ts';

/** The Spanish strings only signed-in pages use (see en-US-app.ts). */
export const esMXApp: AppCatalog = {
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
