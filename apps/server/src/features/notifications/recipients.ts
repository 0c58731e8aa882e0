import { normalizeLocale } from '@rcm/shared/locale';
import type { DbOrTx } from '../../db/client.ts';
import { minutesOf, wallClock } from '../../lib/zone-time.ts';
import type { Recipient } from '../channels/recipient.ts';
import type { AlarmTarget, RecipientsRepo, Severity } from './recipients-repo.ts';

export type { AlarmTarget, RecipientsRepo, Severity } from './recipients-repo.ts';

const RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** True when the severity reaches the threshold (critical > high > medium > low). */
export function severityAtLeast(severity: Severity, threshold: Severity): boolean {
  return RANK[severity] >= RANK[threshold];
}

/** Quiet hours [start, end) in the user's zone; a start after the end spans midnight. */
export function inQuietHours(at: Date, start: string | null, end: string | null, timeZone: string): boolean {
  if (!start || !end) return false;
  const m = wallClock(at, timeZone).minutes;
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (s === e) return false;
  return s < e ? m >= s && m < e : m >= s || m < e;
}

/**
 * Who is emailed when an alarm is raised, by their own subscription ("email me about alarms", off
 * until they turn it on): people who may see the alarm whose saved preferences match (on, severity at
 * or above their threshold, not in their quiet hours). Paging by escalation policy is separate.
 */
export async function alarmRecipients(
  repo: RecipientsRepo,
  tx: DbOrTx,
  alarm: AlarmTarget,
  now: Date,
): Promise<Recipient[]> {
  const rows = await repo.alarmAudience(alarm, tx);
  return rows
    .filter(
      (r) =>
        r.enabled &&
        severityAtLeast(alarm.severity, r.min_severity) &&
        !inQuietHours(now, r.quiet_start, r.quiet_end, r.time_zone),
    )
    .map((r) => ({ userId: Number(r.id), email: r.email, locale: normalizeLocale(r.language), timeZone: r.time_zone }));
}
