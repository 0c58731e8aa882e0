import type { AlarmSeverity } from '@rcm/shared/device';

/** Members without saved preferences get alarms of this severity and above. */
export const DEFAULT_MIN_SEVERITY: AlarmSeverity = 'high';
