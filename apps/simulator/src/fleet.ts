import { type DeviceAlarm, normalizeMac } from '@rcm/shared/device';
import { deriveSeed, mulberry32 } from './prng.ts';
import { type ControllerRuntime, createController, type SimulatedController } from './simulated-controller.ts';
import { type FaultKind, type FleetStats, type SimController, toError } from './types.ts';

export type { SimulatedController } from './simulated-controller.ts';
export type { FaultKind, FleetStats, SimController } from './types.ts';
export { FAULT_KINDS } from './types.ts';

export type FleetOptions = {
  transport: 'mqtt' | 'http';
  /** `mqtt://host:port`, or `http://host:port` (posts to `${url}/api/ingest/v1/${mac}/{telemetry|status|alarms}`). */
  url: string;
  controllers: SimController[];
  /** Telemetry period per controller; default 10 000 ms. */
  intervalMs?: number;
  /** Fixes every simulated reading; without it each run differs. */
  seed?: number;
  /** Cases defrost 4 times a day, doors open, and report it (points' `defrost`/`door_open` status). */
  caseCycles?: boolean;
  onError?: (err: Error, mac: string) => void;
};

export type Fleet = {
  controllers: readonly SimulatedController[];
  inject(mac: string, fault: FaultKind, opts?: { rack?: string }): void;
  clear(mac: string, fault?: FaultKind): void;
  /** One telemetry snapshot now; resolves on QoS 1 PUBACK or HTTP 2xx. */
  publishNow(mac: string): Promise<void>;
  raiseDeviceAlarm(mac: string, alarm: DeviceAlarm): Promise<void>;
  stats(): FleetStats;
  /** Stops timers, says `{"online": false}` and disconnects cleanly; resolves when all are closed. */
  stop(): Promise<void>;
};

const DEFAULT_INTERVAL_MS = 10_000;
/** Racks per controller and cases per rack when a controller does not say. */
export const DEFAULT_RACKS = 2;
export const DEFAULT_CASES = 3;
/** The protocol caps a telemetry message at 50 racks. */
const MAX_RACKS = 50;

function checkCount(value: number, min: number, max: number, what: string): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${what} must be an integer from ${min} to ${max}, got ${value}`);
  }
  return value;
}

function buildControllers(opts: FleetOptions, stats: FleetStats): ControllerRuntime[] {
  const intervalMs = opts.intervalMs ?? DEFAULT_INTERVAL_MS;
  if (!(intervalMs > 0)) throw new Error(`intervalMs must be positive, got ${intervalMs}`);
  const seed = opts.seed ?? Math.floor(Math.random() * 2 ** 32);
  const seen = new Set<string>();
  return opts.controllers.map((sim, index) => {
    const mac = normalizeMac(sim.mac);
    if (!mac) throw new Error(`'${sim.mac}' is not a MAC address`);
    if (seen.has(mac)) throw new Error(`controller ${mac} is listed twice`);
    seen.add(mac);
    if (!sim.key) throw new Error(`controller ${mac} has no key`);
    return createController({
      mac,
      key: sim.key,
      name: sim.name ?? `Simulated controller ${mac}`,
      racks: checkCount(sim.racks ?? DEFAULT_RACKS, 1, MAX_RACKS, 'racks'),
      casesPerRack: checkCount(sim.casesPerRack ?? DEFAULT_CASES, 1, 100, 'casesPerRack'),
      intervalMs,
      transport: opts.transport,
      url: opts.url,
      rand: mulberry32(deriveSeed(seed, index)),
      caseCycleSeed: opts.caseCycles ? deriveSeed(seed ^ 0x5eed, index) : undefined,
      stats,
      onError: (err) => opts.onError?.(err, mac),
    });
  });
}

/** Connects every controller; rejects (after closing those that made it) if any is refused. */
export async function startFleet(opts: FleetOptions): Promise<Fleet> {
  if (opts.transport !== 'mqtt' && opts.transport !== 'http') {
    throw new Error(`transport must be 'mqtt' or 'http', got '${String(opts.transport)}'`);
  }
  const stats: FleetStats = { published: 0, acked: 0, failed: 0 };
  const controllers = buildControllers(opts, stats);
  const byMac = new Map(controllers.map((c) => [c.mac, c]));

  const started = await Promise.allSettled(controllers.map((c) => c.start()));
  const refused = started.flatMap((r) => (r.status === 'rejected' ? [toError(r.reason)] : []));
  if (refused.length > 0) {
    await Promise.all(controllers.map((c) => c.stop()));
    const more = refused.length > 1 ? ` (and ${refused.length - 1} more controllers failed to start)` : '';
    throw new Error(`${refused[0]?.message}${more}`, { cause: refused[0] });
  }

  const find = (mac: string): ControllerRuntime => {
    const controller = byMac.get(normalizeMac(mac) ?? mac);
    if (!controller) throw new Error(`no simulated controller ${mac}`);
    return controller;
  };

  let stopping: Promise<void> | null = null;
  return {
    controllers,
    inject: (mac, fault, injectOpts) => find(mac).inject(fault, injectOpts?.rack),
    clear: (mac, fault) => find(mac).clear(fault),
    // async so that an unknown MAC rejects rather than throws synchronously.
    publishNow: async (mac) => find(mac).publishNow(),
    raiseDeviceAlarm: async (mac, alarm) => find(mac).raiseAlarm(alarm),
    stats: () => ({ ...stats }),
    stop() {
      stopping ??= Promise.all(controllers.map((c) => c.stop())).then(() => undefined);
      return stopping;
    },
  };
}
