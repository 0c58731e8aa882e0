/**
 * Alarm nuisance rules (ISA-18.2 / EEMUA 191), pure: chattering and floods over plain data. The
 * notification worker gathers the data and acts on what these functions decide.
 */

/** Chattering (ISA-18.2): `count` raises of one condition within `minutes`, this one included. */
export function isChattering(raisedAt: readonly Date[], at: Date, rule: { count: number; minutes: number }): boolean {
  const since = at.getTime() - rule.minutes * 60_000;
  return raisedAt.filter((d) => d.getTime() > since && d.getTime() <= at.getTime()).length >= rule.count;
}

/** A chattering alarm is emailed at most once in this long. */
export const CHATTER_EMAIL_EVERY_MS = 60 * 60_000;

/** Flood (EEMUA 191): more than `count` alarms raised at one location within `minutes`. */
export const FLOOD = { count: 10, minutes: 10 } as const;

/** Whether alarms raised at these times put a location in flood at `at`. */
export function inFlood(raisedAt: readonly Date[], at: Date): boolean {
  const since = at.getTime() - FLOOD.minutes * 60_000;
  return raisedAt.filter((d) => d.getTime() > since && d.getTime() <= at.getTime()).length > FLOOD.count;
}

/**
 * What happens to an alarm raised here now: suppressed by a window, or not; and, for its first
 * email, whether it is held back because it chatters (emailed within the hour) or belongs to a flood.
 */
export type NotifyDecision = 'email' | 'chattering' | 'flood-start' | 'in-flood';

export function notifyDecision(input: {
  chattering: boolean;
  /** When this condition's last email went out, if ever. */
  lastEmailAt: Date | null;
  /** Raise times at the alarm's location in the last flood period, this one included. */
  locationRaises: readonly Date[];
  floodOpen: boolean;
  at: Date;
}): NotifyDecision {
  if (input.floodOpen) return 'in-flood';
  if (inFlood(input.locationRaises, input.at)) return 'flood-start';
  if (
    input.chattering &&
    input.lastEmailAt &&
    input.at.getTime() - input.lastEmailAt.getTime() < CHATTER_EMAIL_EVERY_MS
  )
    return 'chattering';
  return 'email';
}
