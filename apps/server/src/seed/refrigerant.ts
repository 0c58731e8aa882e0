import type { ApplianceType, RefrigerantCode, RefrigerantEventType } from '@rcm/shared/refrigerant';
import type { MassUnit } from '@rcm/shared/units';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refrigerantEvents, refrigerantSystems } from '../db/schema-refrigerant.ts';
import { arr, query } from '../lib/sql.ts';
import { DEMO_FAULTS, demoFleetMacs } from './demo-fleet.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type DemoSystem = {
  /** The controller's place in the demo fleet; -1: the one with the leak fault. */
  fleetIndex: number;
  refrigerant: RefrigerantCode;
  charge: [number, MassUnit];
  appliance: ApplianceType;
  detection: boolean;
  /** Log entries, `daysAgo` before now. */
  log: {
    daysAgo: number;
    type: RefrigerantEventType;
    amount?: [number, MassUnit];
    result?: string;
    testKind?: string;
  }[];
};

// Read when called: demo.ts, demo-fleet.ts and this file import one another.
const leakIndex = () => DEMO_FAULTS.find(([, fault]) => fault === 'refrigerant_leak')?.[0] ?? 7;

/**
 * Rack A of a few demo controllers as refrigeration systems, with logs that show each status: a
 * charge over the threshold (repair due), a repair awaiting its verification test, a closed repair.
 */
const SYSTEMS: DemoSystem[] = [
  {
    fleetIndex: 0,
    refrigerant: 'R-448A',
    charge: [480, 'lb'],
    appliance: 'commercial_refrigeration',
    detection: true,
    log: [
      { daysAgo: 200, type: 'charge', amount: [24, 'lb'] },
      { daysAgo: 120, type: 'leak_inspection', result: 'not_found' },
    ],
  },
  {
    fleetIndex: 2,
    refrigerant: 'R-404A',
    charge: [500, 'lb'],
    appliance: 'commercial_refrigeration',
    detection: false,
    log: [
      { daysAgo: 60, type: 'leak_inspection', result: 'not_found' },
      { daysAgo: 40, type: 'charge', amount: [25, 'lb'] },
      { daysAgo: 10, type: 'charge', amount: [30, 'lb'] },
      { daysAgo: 9, type: 'leak_inspection', result: 'found' },
    ],
  },
  {
    fleetIndex: 3,
    refrigerant: 'R-410A',
    charge: [60, 'kg'],
    appliance: 'comfort_cooling',
    detection: false,
    log: [
      { daysAgo: 100, type: 'leak_inspection', result: 'not_found' },
      { daysAgo: 50, type: 'charge', amount: [8, 'kg'] },
      { daysAgo: 35, type: 'repair' },
    ],
  },
  {
    fleetIndex: -1,
    refrigerant: 'R-507A',
    charge: [900, 'lb'],
    appliance: 'commercial_refrigeration',
    detection: false,
    log: [
      { daysAgo: 300, type: 'charge', amount: [40, 'lb'] },
      { daysAgo: 150, type: 'charge', amount: [30, 'lb'] },
      { daysAgo: 149, type: 'repair' },
      { daysAgo: 148, type: 'verification_test', result: 'passed', testKind: 'initial' },
      { daysAgo: 45, type: 'leak_inspection', result: 'not_found' },
    ],
  },
  {
    fleetIndex: 5,
    refrigerant: 'R-744',
    charge: [350, 'kg'],
    appliance: 'commercial_refrigeration',
    detection: true,
    log: [],
  },
];

const KG_PER_LB = 0.45359237;

/** The demo's refrigeration systems and their logs (by the fleet's order, as the simulator signs in). */
export async function seedRefrigerant(db: Db, now: Date): Promise<void> {
  const macs = await demoFleetMacs(db);
  const ids = await query<{ id: number; mac_address: string }>(
    db,
    sql`select id, mac_address from controllers where mac_address = any(${arr(macs)}::text[])`,
  );
  const idOf = new Map(ids.map((r) => [r.mac_address, r.id]));
  for (const s of SYSTEMS) {
    const controllerId = idOf.get(macs[s.fleetIndex < 0 ? leakIndex() : s.fleetIndex] ?? '');
    if (controllerId === undefined) continue;
    const createdAt = new Date(now.getTime() - 400 * DAY);
    await db.insert(refrigerantSystems).values({
      controllerId,
      rackRef: 'A',
      refrigerant: s.refrigerant,
      fullChargeValue: s.charge[0],
      fullChargeUnit: s.charge[1],
      applianceType: s.appliance,
      leakDetectionSystem: s.detection,
      createdAt,
      updatedAt: createdAt,
    });
    const fullKg = s.charge[1] === 'kg' ? s.charge[0] : s.charge[0] * KG_PER_LB;
    for (const e of s.log) {
      await db.insert(refrigerantEvents).values({
        controllerId,
        rackRef: 'A',
        type: e.type,
        at: new Date(now.getTime() - e.daysAgo * DAY),
        amountValue: e.amount?.[0] ?? null,
        amountUnit: e.amount?.[1] ?? null,
        fullChargeKg: e.type === 'charge' ? fullKg : null,
        applianceType: e.type === 'charge' ? s.appliance : null,
        technician: 'Luis Ortega',
        certificationNumber: 'EPA-608-U-4471',
        result: e.result ?? null,
        testKind: e.testKind ?? null,
      });
    }
  }
}

/**
 * The last 36 hours of liquid level of the leaking demo controller's rack A, falling about 5
 * %-points a day (with noise and defrost dips), ending at the last full hour: the leak rule seeds its
 * trend from stored readings when it first sees the rack, so the demo shows REFRIGERANT_LEAK_SUSPECTED
 * as soon as that controller reports, and the simulator's leak fault carries the fall on.
 */
export async function seedLeakHistory(db: Db, now: Date): Promise<void> {
  const macs = await demoFleetMacs(db);
  const [row] = await query<{ id: number }>(
    db,
    sql`select id from controllers where mac_address = ${macs[leakIndex()] ?? ''}`,
  );
  if (!row) return;
  const end = Math.floor(now.getTime() / HOUR) * HOUR - 60_000;
  const start = end - 36 * HOUR;
  const ts: string[] = [];
  const values: number[] = [];
  for (let t = start, i = 0; t <= end; t += 10 * 60_000, i++) {
    const inDay = t % DAY;
    const defrost = [2, 8, 14, 20].some((h) => inDay >= h * HOUR && inDay < h * HOUR + 30 * 60_000) ? -9 : 0;
    const jitter = Math.sin(i * 12.9898) * 2;
    ts.push(new Date(t).toISOString());
    values.push(Math.round((68 - ((t - start) / DAY) * 5 + defrost + jitter) * 10) / 10);
  }
  await db.execute(sql`insert into readings (controller_id, key, ts, value)
    select ${row.id}, 'A:liquid_level', v.ts, v.value
    from unnest(${arr(ts)}::timestamptz[], ${arr(values)}::float8[]) as v(ts, value)`);
}
