/** The alarm list tests' data: 84 alarms varying independently, and 12 the default list leaves out. */
import { ALARM_STATUSES, type AlarmSummary } from '@rcm/shared/alarms';
import { ALARM_SEVERITIES } from '@rcm/shared/device';
import { type SeededAlarm, seedAlarms } from './alarms.ts';
import { createTestApp, login, type TestApp } from './app.ts';
import { headers } from './helpers.ts';

export let t: TestApp;
export let token: string;
export let seeded: SeededAlarm[];
/** `seeded` and 12 open alarms the default list leaves out: 6 raised in a maintenance window, 6 shelved. */
export let all: SeededAlarm[];

// Controllers over all three customers; 4 and 13 are offline, 0, 3 and 12 under warranty.
export const CONTROLLERS = [0, 1, 2, 3, 4, 5, 8, 12, 13, 19];
export const TYPES = ['LOW_SUPERHEAT', 'LOW_OIL_PRESSURE', 'CASE_HIGH_TEMP', 'SENSOR_FAILURE', 'CONTROLLER_OFFLINE'];
export const base = Date.parse('2026-10-01T12:00:00Z');

/** Opens the app and seeds the alarms every list test reads (call it in `beforeAll`). */
export async function seedAlarmList(): Promise<void> {
  t = await createTestApp();
  token = await login(t.app, 'technician@example.com');
  // 84 alarms whose controller, status, severity, type and times vary independently.
  seeded = await seedAlarms(
    t.database.db,
    Array.from({ length: 84 }, (_, k) => {
      const status = ALARM_STATUSES[k % 3] ?? 'active';
      return {
        controller: CONTROLLERS[k % CONTROLLERS.length] ?? 0,
        status,
        severity: ALARM_SEVERITIES[Math.floor(k / 3) % 4],
        type: TYPES[k % TYPES.length],
        raisedAt: new Date(base - k * 37 * 60_000 - (k % 7) * 86_400_000),
        acknowledgedAt: status === 'acknowledged' ? new Date(base + ((k * 13) % 50) * 60_000) : undefined,
      };
    }),
  );
  const managed = await seedAlarms(
    t.database.db,
    Array.from({ length: 12 }, (_, k) => ({
      controller: CONTROLLERS[(k * 3) % CONTROLLERS.length] ?? 0,
      status: k % 4 === 3 ? ('acknowledged' as const) : ('active' as const),
      severity: ALARM_SEVERITIES[k % 4],
      type: TYPES[k % TYPES.length],
      raisedAt: new Date(base - k * 53 * 60_000),
      suppressed: k % 2 === 0,
      shelvedUntil: k % 2 === 1 ? new Date(base + 3_600_000) : null,
    })),
  );
  all = [...seeded, ...managed];
}

export const get = (url: string, locale?: string) =>
  t.app.inject({ method: 'GET', url, headers: headers(token, locale) });
export const refsOf = (res: { json: () => { data: AlarmSummary[] } }) => res.json().data.map((a) => a.ref);
export const byRef = (a: SeededAlarm[]) => a.map((s) => s.ref).sort((x, y) => x - y);

export function countOf(list: SeededAlarm[]) {
  const n = (status: string) => list.filter((a) => a.listStatus === status).length;
  return {
    active: n('active'),
    acknowledged: n('acknowledged'),
    cleared: n('cleared'),
    warranty_active: list.filter((a) => a.listStatus === 'active' && a.warranty).length,
    suppressed: n('suppressed'),
    shelved: n('shelved'),
  };
}

/** The alarms a query's list holds: every seeded one a Status filter names, else the default list's. */
export const candidates = (query: string) => (query.includes('status=') ? all : seeded);

/** Each filter as a query string and the seeded alarms it must match, decided here, not in SQL. */
export const FILTERS: [string, () => string, (a: SeededAlarm) => boolean][] = [
  ['status', () => 'status=active', (a) => a.listStatus === 'active'],
  [
    'two statuses',
    () => 'status=acknowledged,cleared',
    (a) => a.listStatus === 'acknowledged' || a.listStatus === 'cleared',
  ],
  ['suppressed', () => 'status=suppressed', (a) => a.listStatus === 'suppressed'],
  ['shelved', () => 'status=shelved,active', (a) => a.listStatus === 'shelved' || a.listStatus === 'active'],
  ['severity', () => 'severity=critical', (a) => a.severity === 'critical'],
  ['two severities', () => 'severity=high,low', (a) => a.severity === 'high' || a.severity === 'low'],
  [
    'type',
    () => 'type=LOW_OIL_PRESSURE,CASE_HIGH_TEMP',
    (a) => ['LOW_OIL_PRESSURE', 'CASE_HIGH_TEMP'].includes(a.type),
  ],
  ['warranty', () => 'warranty=true', (a) => a.warranty],
  ['no warranty', () => 'warranty=false', (a) => !a.warranty],
  ['offline', () => 'offline=true', (a) => a.controller % 9 === 4],
  ['online', () => 'offline=false', (a) => a.controller % 9 !== 4],
  ['controller', () => `controller_id=${idOf(2)}`, (a) => a.controller === 2],
  [
    'organization',
    () => `organization_id=${seededAt(5).organizationId}`,
    (a) => a.controller % 12 >= 5 && a.controller % 12 <= 7,
  ],
  ['location', () => `location_id=${seededAt(1).locationId}`, (a) => a.controller % 12 === 1],
  [
    'combined',
    () => 'status=active&severity=high,medium&warranty=false',
    (a) => a.listStatus === 'active' && (a.severity === 'high' || a.severity === 'medium') && !a.warranty,
  ],
];

export function seededAt(controller: number): SeededAlarm {
  const a = seeded.find((s) => s.controller === controller);
  if (!a) throw new Error(`nothing seeded on controller ${controller}`);
  return a;
}
export const idOf = (controller: number) => seededAt(controller).controllerId;
