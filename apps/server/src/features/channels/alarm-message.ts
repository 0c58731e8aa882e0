import type { AlarmSeverity } from '@rcm/shared/device';

/** An alarm with what its emails and paging need: its place, type and chatter settings. */
export type AlarmRow = {
  id: number;
  ref: number;
  severity: AlarmSeverity;
  reason: string;
  reason_es: string | null;
  status: 'active' | 'acknowledged' | 'cleared';
  raised_at: unknown;
  organization_id: number;
  location_id: number | null;
  controller_id: number;
  controller_name: string;
  location_name: string | null;
  type_name: string;
  type_name_es: string;
  acknowledged_by: number | null;
  cleared_by: number | null;
  alarm_type_id: number;
  subject: string;
  suppressed: boolean;
  shelved_until: unknown;
  chattering: boolean;
  chatter_count: number;
  chatter_minutes: number;
};
