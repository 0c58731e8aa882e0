import { type FaultKind, startFleet } from '@rcm/simulator/fleet';
import type { FastifyBaseLogger } from 'fastify';
import { demoDeviceKey } from './demo.ts';

const INTERVAL_MS = 10_000;

// A few faults so the demo raises real alarms within minutes of starting.
const DEMO_FAULTS: [index: number, fault: FaultKind][] = [
  [1, 'floodback'],
  [4, 'rack_manually_on'],
  [7, 'refrigerant_leak'],
  [10, 'high_case_temp'],
];

/** The simulated controller fleet of the demo, speaking MQTT to the embedded broker. */
export async function startDemoFleet(deps: { url: string; macs: string[]; log: FastifyBaseLogger }) {
  const fleet = await startFleet({
    transport: 'mqtt',
    url: deps.url,
    intervalMs: INTERVAL_MS,
    seed: 42,
    controllers: deps.macs.map((mac) => ({ mac, key: demoDeviceKey(mac) })),
    onError: (err, mac) => deps.log.debug({ mac, err: err.message }, 'demo fleet device error'),
  });
  for (const [index, fault] of DEMO_FAULTS) {
    const mac = deps.macs[index];
    if (mac) fleet.inject(mac, fault);
  }
  return { size: deps.macs.length, intervalMs: INTERVAL_MS, stop: () => fleet.stop() };
}
