import { demoDeviceKey, demoMac } from '@rcm/shared/demo';
import { type FaultKind, startFleet } from '@rcm/simulator/fleet';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { controllers } from '../db/schema.ts';
import { hashToken } from '../features/auth/tokens.ts';
import { DEMO_CONTROLLERS, isSilentDemoController } from './demo-controllers.ts';

const INTERVAL_MS = 10_000;
/** The fleet's readings and case schedules follow from it (the seeded last day follows the same schedules). */
export const DEMO_FLEET_SEED = 42;

// A few faults so the demo raises real alarms within minutes of starting.
export const DEMO_FAULTS: [index: number, fault: FaultKind][] = [
  [1, 'floodback'],
  [4, 'rack_manually_on'],
  [7, 'refrigerant_leak'],
  [10, 'high_case_temp'],
  // Fails two minutes every quarter hour: the dashboard marks its sensor-failure alarm chattering.
  [13, 'flaky_sensor'],
  // Its compressor starts 12 times an hour: COMPRESSOR_SHORT_CYCLING.
  [16, 'short_cycling'],
  // Its first case's defrosts run 90 minutes: DEFROST_OVERRUN at each.
  [19, 'stuck_defrost'],
];

/**
 * The controllers the demo fleet can sign in as: authorized, not among the demo's silent ones (they
 * stay silent, so the offline sweep has something to find) and still holding the demo's own device key.
 * A real controller authorized on the same database has another key: signing in as it would be
 * refused, and the refusal would stop start-up.
 */
export async function demoFleetMacs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ mac: controllers.macAddress, keyHash: controllers.deviceKeyHash })
    .from(controllers)
    // The demo's store gateway is a real gateway process (demo-gateway.ts), not a simulated controller.
    .where(and(eq(controllers.authorised, true), eq(controllers.kind, 'controller')))
    .orderBy(asc(controllers.id));
  // Chosen by who they are, not whether they are online now: after a stop every controller is offline.
  const silent = new Set(
    Array.from({ length: DEMO_CONTROLLERS }, (_, i) => i)
      .filter(isSilentDemoController)
      .map(demoMac),
  );
  return rows.filter((r) => !silent.has(r.mac) && r.keyHash === hashToken(demoDeviceKey(r.mac))).map((r) => r.mac);
}

/** The simulated controller fleet of the demo, speaking MQTT to the embedded broker. */
export async function startDemoFleet(deps: { url: string; macs: string[]; log: FastifyBaseLogger }) {
  const fleet = await startFleet({
    transport: 'mqtt',
    url: deps.url,
    intervalMs: INTERVAL_MS,
    seed: DEMO_FLEET_SEED,
    // Every case defrosts 4 times a day and its door opens now and then.
    caseCycles: true,
    controllers: deps.macs.map((mac) => ({ mac, key: demoDeviceKey(mac) })),
    onError: (err, mac) => deps.log.debug({ mac, err: err.message }, 'demo fleet device error'),
  });
  for (const [index, fault] of DEMO_FAULTS) {
    const mac = deps.macs[index];
    if (mac) fleet.inject(mac, fault);
  }
  return { size: deps.macs.length, intervalMs: INTERVAL_MS, stop: () => fleet.stop() };
}
