import { type AlarmPlace, type MaintenanceWindow, suppressingWindow, windowActiveAt } from './windows.ts';

/**
 * The window an alarm raised at `at` is suppressed by, or null: the alarm engine asks once per raise,
 * with the window cache's list (no place is built when no window is in force).
 */
export function windowAtRaise(
  windows: readonly MaintenanceWindow[],
  controllerId: number,
  locationId: number | null,
  rackRef: string | null,
  at: Date,
): MaintenanceWindow | null {
  return windows.length === 0 ? null : suppressingWindow(windows, { controllerId, locationId, rackRef }, at);
}

/** What becomes of a suppressed alarm now: held by its window still, moved to another, or released. */
export type HoldAfter = { kind: 'held' } | { kind: 'moved'; window: MaintenanceWindow } | { kind: 'released' };

/**
 * A suppressed alarm stays with its own window while that is in force; when it is over, another
 * window that covers the alarm's place takes it, else the alarm is released (the alarms' task clears it
 * and raises a normal one). `inForce` are the windows in force around `at`.
 */
export function holdAfter(
  inForce: readonly MaintenanceWindow[],
  windowId: number | null,
  place: AlarmPlace,
  at: Date,
): HoldAfter {
  const current = windowId == null ? undefined : inForce.find((w) => w.id === windowId);
  if (current && windowActiveAt(current, at)) return { kind: 'held' };
  const other = suppressingWindow(inForce, place, at);
  return other ? { kind: 'moved', window: other } : { kind: 'released' };
}
