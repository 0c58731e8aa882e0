import { compactMac, type DeviceAlarm, type TelemetryMessage } from '@rcm/shared/device';
import { caseSeed } from './case-cycle.ts';
import type { DeviceLink } from './device-link.ts';
import { httpLink } from './http-link.ts';
import { mqttLink } from './mqtt-link.ts';
import { alarmMessage, malformedTelemetry, msgIdFactory, onlineStatus } from './payloads.ts';
import type { Random } from './prng.ts';
import {
  type CycleClock,
  createRack,
  faultsAt,
  type ModelFault,
  type RackState,
  rackRef,
  rackSnapshot,
  stepRack,
  telemetrySnapshot,
} from './rack-model.ts';
import { type FaultKind, type FleetStats, isFaultKind, toError } from './types.ts';

/** What a fleet exposes about each virtual controller: read-only, for tests, CLIs and dashboards. */
export type SimulatedController = {
  /** Colon form, `aa:bb:cc:dd:ee:ff`. */
  readonly mac: string;
  readonly key: string;
  readonly name: string;
  /** The MQTT client id and topic segment: the MAC without colons. */
  readonly clientId: string;
  readonly rackRefs: readonly string[];
  /** Connected and not knocked offline by the `offline` fault. */
  readonly online: boolean;
  /** Active faults; `rack` only for those that act on one rack. */
  faults(): { kind: FaultKind; rack?: string }[];
  /** The unrounded physical state, as of the last telemetry publish. */
  racks(): readonly RackState[];
  lastTelemetry(): TelemetryMessage | null;
};

/** The fleet's handle on a controller: the public view plus what drives it. */
export type ControllerRuntime = SimulatedController & {
  start(): Promise<void>;
  inject(fault: FaultKind, rack?: string): void;
  clear(fault?: FaultKind): void;
  publishNow(): Promise<void>;
  raiseAlarm(alarm: DeviceAlarm): Promise<void>;
  stop(): Promise<void>;
};

export type ControllerConfig = {
  mac: string;
  key: string;
  name: string;
  racks: number;
  casesPerRack: number;
  intervalMs: number;
  transport: 'mqtt' | 'http';
  url: string;
  rand: Random;
  /** When set, the cases defrost and their doors open on schedules derived from it (case-cycle.ts). */
  caseCycleSeed?: number;
  stats: FleetStats;
  onError: (err: Error) => void;
};

export function createController(cfg: ControllerConfig): ControllerRuntime {
  const { mac, rand, intervalMs } = cfg;
  const rackRefs = Array.from({ length: cfg.racks }, (_, i) => rackRef(i));
  let racks: readonly RackState[] = rackRefs.map((ref) => createRack(ref, cfg.casesPerRack, rand));
  let lastStepAt = Date.now();
  let last: TelemetryMessage | null = null;
  // Drawn once up front so a fleet's first publishes spread over the first interval instead of bursting.
  const firstDelayMs = Math.floor(rand() * intervalMs);
  const modelFaults = new Map<ModelFault, Set<string>>();
  let offline = false;
  let malformedPending = false;
  let stopped = false;
  // Set while coming back from 'offline', so a publish right after clear() waits instead of failing.
  let reopening: Promise<void> | null = null;
  let firstTimer: NodeJS.Timeout | undefined;
  let interval: NodeJS.Timeout | undefined;
  const nextMsgId = msgIdFactory(mac);
  const reportError = (err: Error) => {
    // After stop, a late failure of a closing connection is expected noise.
    if (!stopped) cfg.onError(err);
  };

  const linkOptions = {
    mac,
    key: cfg.key,
    url: cfg.url,
    status: onlineStatus(mac),
    stats: cfg.stats,
    onError: reportError,
  };
  const link: DeviceLink = cfg.transport === 'mqtt' ? mqttLink(linkOptions) : httpLink(linkOptions);

  const faultsOf = (ref: string): Set<ModelFault> => {
    const active = new Set<ModelFault>();
    for (const [kind, refs] of modelFaults) if (refs.has(ref)) active.add(kind);
    return active;
  };

  const ensureReachable = () => {
    if (offline) throw new Error(`controller ${mac} is offline (fault injected)`);
    if (stopped) throw new Error(`controller ${mac} is stopped`);
  };

  const publishTelemetry = async (): Promise<void> => {
    ensureReachable();
    if (reopening) await reopening;
    const now = Date.now();
    const dtS = (now - lastStepAt) / 1000;
    const cycleOf = (i: number): CycleClock | undefined =>
      cfg.caseCycleSeed === undefined
        ? undefined
        : {
            nowMs: now,
            caseSeeds: Array.from({ length: cfg.casesPerRack }, (_, c) => caseSeed(cfg.caseCycleSeed as number, i, c)),
          };
    racks = racks.map((rack, i) => stepRack(rack, dtS, faultsOf(rack.ref), rand, cycleOf(i)));
    lastStepAt = now;
    const msgId = nextMsgId();
    let body: string;
    if (malformedPending) {
      malformedPending = false;
      body = malformedTelemetry(msgId);
    } else {
      const message = telemetrySnapshot(
        msgId,
        new Date(now),
        racks.map((rack, i) => rackSnapshot(rack, faultsAt(faultsOf(rack.ref), now), cycleOf(i))),
      );
      last = message;
      body = JSON.stringify(message);
    }
    await link.send('telemetry', body);
  };

  const tick = () => {
    // While the broker is away nothing is queued: a real controller's buffer would overflow too.
    if (offline || stopped || !link.connected) return;
    publishTelemetry().catch(reportError);
  };

  return {
    mac,
    key: cfg.key,
    name: cfg.name,
    clientId: compactMac(mac),
    rackRefs,
    get online() {
      return !offline && !stopped && link.connected;
    },
    faults() {
      const list: { kind: FaultKind; rack?: string }[] = [];
      for (const [kind, refs] of modelFaults) for (const rack of refs) list.push({ kind, rack });
      if (offline) list.push({ kind: 'offline' });
      if (malformedPending) list.push({ kind: 'malformed' });
      return list;
    },
    racks: () => racks,
    lastTelemetry: () => last,

    async start() {
      await link.open();
      firstTimer = setTimeout(() => {
        tick();
        interval = setInterval(tick, intervalMs);
      }, firstDelayMs);
    },

    inject(fault, rack = 'A') {
      if (!isFaultKind(fault)) throw new Error(`unknown fault '${String(fault)}'`);
      if (fault === 'offline') {
        offline = true;
        link.drop();
        return;
      }
      if (fault === 'malformed') {
        malformedPending = true;
        return;
      }
      if (!rackRefs.includes(rack))
        throw new Error(`controller ${mac} has no rack '${rack}' (has ${rackRefs.join(', ')})`);
      const refs = modelFaults.get(fault) ?? new Set<string>();
      refs.add(rack);
      modelFaults.set(fault, refs);
    },

    clear(fault) {
      if (fault !== undefined && !isFaultKind(fault)) throw new Error(`unknown fault '${String(fault)}'`);
      if (fault === undefined || fault === 'malformed') malformedPending = false;
      if (fault === undefined) modelFaults.clear();
      else if (fault !== 'offline' && fault !== 'malformed') modelFaults.delete(fault);
      if ((fault === undefined || fault === 'offline') && offline && !stopped) {
        offline = false;
        // Comes back like a rebooted controller: new session, fresh retained online status.
        const attempt: Promise<void> = link
          .open()
          .then(
            () => undefined,
            (err: unknown) => reportError(toError(err)),
          )
          .finally(() => {
            if (reopening === attempt) reopening = null;
          });
        reopening = attempt;
      }
    },

    publishNow: publishTelemetry,

    async raiseAlarm(alarm) {
      ensureReachable();
      if (reopening) await reopening;
      await link.send('alarms', JSON.stringify(alarmMessage(nextMsgId(), new Date(), alarm)));
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(firstTimer);
      clearInterval(interval);
      await link.close();
    },
  };
}
