import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAlarmCatalogue } from '../features/alarms/engine/catalogue.ts';
import { createAlarmMetricsRepo } from '../features/alarms/metrics/metrics-repo.ts';
import { EVERY_ORGANIZATION } from '../features/auth/scope.ts';
import { controllerMetrics } from '../features/controllers/metrics.ts';
import { graceSince, sweepOffline } from '../features/ingest/pipeline/offline-sweeper.ts';
import { createOfflineSweeperRepo } from '../features/ingest/pipeline/offline-sweeper-repo.ts';
import { createPagingRepo } from '../features/oncall/paging-repo.ts';
import { createPoliciesRepo } from '../features/oncall/policies-repo.ts';
import { onCallAt } from '../features/oncall/rota.ts';
import { createSchedulesRepo } from '../features/oncall/schedules-repo.ts';
import { rotaOf } from '../features/oncall/schedules-service.ts';
import { pagingWarnings } from '../features/oncall/warnings.ts';
import { createWarningsRepo } from '../features/oncall/warnings-repo.ts';
import { query, toDate } from '../lib/sql.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { seedDemo } from './demo.ts';
import { demoFleetMacs } from './demo-fleet.ts';
import { SAMPLE_MS } from './recent-readings.ts';

const sweeps = createOfflineSweeperRepo();

const NOW = new Date('2026-11-23T15:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await ensureAlarmCatalogue(database.db);
  await seedDemo(database.db, NOW);
});
afterAll(async () => {
  await database?.close();
});

const offlineAlarms = () =>
  query<{ mac: string; raised_at: unknown; status: string }>(
    database.db,
    sql`select c.mac_address as mac, a.raised_at, a.status from alarms a
        join alarm_types t on t.id = a.alarm_type_id join controllers c on c.id = a.controller_id
        where t.source = 'offline' and a.status <> 'cleared' order by c.id`,
  );

describe('the demo as a prospect first sees it', () => {
  it('warns of no alarm type that would page nobody', async () => {
    expect(
      await pagingWarnings(
        {
          repo: createWarningsRepo(database.db),
          policies: createPoliciesRepo(database.db),
          schedules: createSchedulesRepo(database.db),
        },
        EVERY_ORGANIZATION,
        NOW,
      ),
    ).toEqual([]);
  });

  it('pages somebody who may see the alarm for every high and critical type at every location', async () => {
    const locations = await query<{ id: number; organization_id: number }>(
      database.db,
      sql`select id, organization_id from locations where archived_at is null order by id`,
    );
    const types = await query<{ id: number; code: string }>(
      database.db,
      sql`select id, code from alarm_types where enabled and severity in ('high', 'critical') order by id`,
    );
    expect(locations.length).toBe(13);
    expect(types.length).toBeGreaterThan(3);
    const policies = createPoliciesRepo(database.db);
    const schedules = createSchedulesRepo(database.db);
    const paging = createPagingRepo();
    const unheard: string[] = [];
    for (const l of locations) {
      for (const t of types) {
        const policyId = await paging.policyFor({ location_id: l.id, alarm_type_id: t.id }, true, database.db);
        const policy = policyId === null ? undefined : await policies.byId(policyId);
        let reached = 0;
        for (const step of policy?.steps ?? []) {
          const ids = (type: string) =>
            step.targets.flatMap((x) => (x.type === type && 'id' in x ? [Number(x.id)] : []));
          // Whoever is on call when the step is due (within the hour).
          const onCall = (await schedules.byIds(ids('schedule'))).flatMap((s) => {
            const current = onCallAt(rotaOf(s), new Date(NOW.getTime() + HOUR), 1).current;
            return current ? [current.userId] : [];
          });
          const audience = await paging.pageAudience(
            { organizationId: Number(l.organization_id), locationId: Number(l.id) },
            {
              userIds: [...ids('user'), ...onCall],
              teamIds: ids('team'),
              members: step.targets.some((x) => x.type === 'members'),
            },
            database.db,
          );
          reached += audience.length;
        }
        if (reached === 0) unheard.push(`${t.code} at location ${l.id}`);
      }
    }
    expect(unheard).toEqual([]);
  });

  it('raises no offline alarm when it starts: the silent controllers went offline before it, the fleet is reconnecting', async () => {
    const before = await offlineAlarms();
    // The silent controllers' alarms, raised when they had been silent 10 minutes, before the start.
    expect(before).toHaveLength(4);
    for (const a of before) expect(toDate(a.raised_at).getTime()).toBeLessThan(NOW.getTime());
    expect(new Set(before.map((a) => a.status))).toEqual(new Set(['active', 'acknowledged']));

    // Started at the seed, and again an hour later after a stop (every controller silent since), each
    // first sweep deciding its grace as the scheduled task does.
    const startAt = async (startedAt: Date, at: Date) =>
      database.db.transaction(async (tx) => {
        const since = graceSince(await sweeps.recordSweepRun(at, tx), startedAt);
        return sweepOffline(sweeps, tx, at, since ? { startedAt: since } : {});
      });
    expect((await startAt(NOW, new Date(NOW.getTime() + MINUTE))).macs).toEqual([]);
    const restarted = new Date(NOW.getTime() + HOUR);
    expect((await startAt(restarted, new Date(restarted.getTime() + MINUTE))).macs).toEqual([]);
    expect(await offlineAlarms()).toEqual(before);
    // Another instance sweeping all along: an instance starting beside it gives no grace.
    expect(graceSince(new Date(restarted.getTime() + MINUTE), new Date(restarted.getTime() + 2 * MINUTE))).toBeNull();

    // A controller that stays silent past the delay after the start is offline, as ever.
    const late = await database.db.transaction((tx) =>
      sweepOffline(sweeps, tx, new Date(restarted.getTime() + 11 * MINUTE), { startedAt: restarted }),
    );
    expect(late.macs.length).toBe((await demoFleetMacs(database.db)).length);
  });

  it("shows the fleet's last 24 hours on a controller's charts, defrosts included", async () => {
    const [mac] = await demoFleetMacs(database.db);
    const [controller] = await query<{ id: number }>(
      database.db,
      sql`select id from controllers where mac_address = ${mac ?? ''}`,
    );
    const from = new Date(NOW.getTime() - 24 * HOUR);
    const metrics = await controllerMetrics(createAlarmMetricsRepo(database.db))(Number(controller?.id), {
      from: from.toISOString(),
      to: NOW.toISOString(),
    });
    expect(metrics.resolution).toBe('raw');
    // Two racks: three metrics and three cases each.
    expect(metrics.series.map((s) => s.key)).toEqual([
      'A:superheat',
      'A:liquid_level',
      'A:oil_pressure',
      'A.CASE1',
      'A.CASE2',
      'A.CASE3',
      'B:superheat',
      'B:liquid_level',
      'B:oil_pressure',
      'B.CASE1',
      'B.CASE2',
      'B.CASE3',
    ]);
    for (const s of metrics.series) {
      const times = s.points.map(([at]) => new Date(at).getTime());
      expect(times[0]).toBeLessThanOrEqual(from.getTime() + SAMPLE_MS);
      expect(times.at(-1)).toBeGreaterThanOrEqual(NOW.getTime() - SAMPLE_MS);
      // Every five minutes, no hole.
      expect(s.points.length).toBeGreaterThanOrEqual((24 * HOUR) / SAMPLE_MS - 1);
    }
    const case1 = metrics.series.find((s) => s.key === 'A.CASE1');
    // Four defrosts a day, the air up in each; the product temperature follows the air.
    expect(case1?.defrosts?.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...(case1?.points ?? []).map(([, v]) => v))).toBeGreaterThan(41);
    expect(case1?.product?.length).toBe(case1?.points.length);
  });
});
