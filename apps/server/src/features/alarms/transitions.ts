import type { AlarmStatus } from '@rcm/shared/alarms';
import type { Permission } from '@rcm/shared/permissions';

export type AlarmAction = 'acknowledge' | 'clear';

/**
 * The alarm lifecycle: active → acknowledged → cleared, and active → cleared directly. Each action
 * says from which statuses it is valid, the permission it needs and the outbox event it writes.
 */
export const TRANSITIONS: Record<
  AlarmAction,
  { from: readonly AlarmStatus[]; to: AlarmStatus; permission: Permission; event: 'acknowledged' | 'cleared' }
> = {
  acknowledge: { from: ['active'], to: 'acknowledged', permission: 'alarms_acknowledge', event: 'acknowledged' },
  clear: { from: ['active', 'acknowledged'], to: 'cleared', permission: 'alarms_clear', event: 'cleared' },
};
