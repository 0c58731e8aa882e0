import type { AlarmSummary } from '@rcm/shared/alarms';
import { api } from '@/lib/api-client.ts';
import type { AlarmFilters } from './get-alarms.ts';

export function acknowledgeAlarm(ref: number) {
  return api<{ data: AlarmSummary }>(`alarms/${ref}/acknowledge`, { method: 'POST' }).then((r) => r.data);
}

export function clearAlarm(ref: number) {
  return api<{ data: AlarmSummary }>(`alarms/${ref}/clear`, { method: 'POST' }).then((r) => r.data);
}

export type BulkResult = { updated: number; skipped: number; request_id: string };

/** The selected refs, or everything the dashboard's filters match. */
export function bulkAlarms(action: 'acknowledge' | 'clear', target: { refs: number[] } | { filter: AlarmFilters }) {
  const body =
    'refs' in target
      ? { action, refs: target.refs }
      : {
          action,
          filter: Object.fromEntries(
            Object.entries(target.filter).filter(([k, v]) => v !== undefined && k !== 'page' && k !== 'sort'),
          ),
        };
  return api<{ data: BulkResult }>('alarms/bulk', { method: 'POST', body }).then((r) => r.data);
}

export function saveAlarmNotes(ref: number, notes: string) {
  return api<{ data: { notes: string } }>(`alarms/${ref}/notes`, { method: 'PUT', body: { notes } }).then(
    (r) => r.data,
  );
}

/** Shelving (ISA-18.2): no email or escalation, out of the default list, for 5 to 1440 minutes. */
export function shelveAlarm(ref: number, body: { minutes: number; reason: string }) {
  return api<{ data: AlarmSummary }>(`alarms/${ref}/shelve`, { method: 'POST', body }).then((r) => r.data);
}

export function unshelveAlarm(ref: number) {
  return api<{ data: AlarmSummary }>(`alarms/${ref}/unshelve`, { method: 'POST' }).then((r) => r.data);
}
