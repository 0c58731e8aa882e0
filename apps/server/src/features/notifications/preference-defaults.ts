import type { AlarmSeverity } from '@rcm/shared/device';

/** The time zone of a member without saved preferences. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';
/** Members without saved preferences get alarms of this severity and above. */
export const DEFAULT_MIN_SEVERITY: AlarmSeverity = 'high';
