import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BirthMessage, ChildOfflineReason, GatewayStatusMessage } from '@rcm/shared/gateway';
import { childTopic, gatewayTopic } from '@rcm/shared/gateway';
import { type BusConfig, busEndpoint } from './config.ts';
import { discoverMac, readKey } from './identity.ts';
import { alarmChanges, childOfflineStatus, childOnlineStatus, msgIdFactory, telemetryOf } from './messages.ts';
import { Outbox } from './outbox.ts';
import { BusPoller } from './poller.ts';
import type { Reading } from './reading.ts';
import type { Child, Setup } from './setup.ts';
import { modbusTransport } from './transport.ts';
import { Uplink } from './uplink.ts';

export const AGENT_VERSION = '0.1.0';
const STATUS_EVERY_MS = 30_000;
const KEY_CHECK_MS = 5_000;

export type GatewayOptions = {
  log: (message: string) => void;
  /** For tests: how soon mqtt.js tries again after a lost connection. */
  reconnectMs?: number;
  statusEveryMs?: number;
  /** How often the key file is read for a new key (default 5 s). */
  keyCheckMs?: number;
};

export type RunningGateway = { mac: string; stop(): Promise<void>; status(): GatewayStatusMessage };

type ChildRuntime = { child: Child; online: boolean | null; reason: ChildOfflineReason; alarms: Set<string> };

/** Polls every bus and speaks for each child: the composition of the poller, the outbox and the uplink. */
export function startGateway(setup: Setup, opts: GatewayOptions): RunningGateway {
  const { config, children } = setup;
  const mac = config.console.mac ?? discoverMac();
  if (!mac) throw new Error('console.mac is not set and this machine has no network interface with a MAC address');
  const msgId = msgIdFactory(mac);
  const outbox = new Outbox(config.outbox.dir, {
    maxBytes: config.outbox.max_mb * 1024 * 1024,
    maxAgeMs: config.outbox.max_age_days * 86_400_000,
  });

  // Open alarms survive restarts, so an alarm that cleared while the gateway was down is cleared.
  const alarmsFile = join(config.outbox.dir, 'open-alarms.json');
  let saved: Record<string, string[]> = {};
  try {
    saved = JSON.parse(readFileSync(alarmsFile, 'utf8')) as Record<string, string[]>;
  } catch {
    // none yet
  }
  const runtime = new Map<string, ChildRuntime>(
    children.map((c) => [
      c.child,
      { child: c, online: null, reason: 'no_response', alarms: new Set(saved[c.child] ?? []) },
    ]),
  );
  const saveAlarms = () =>
    writeFileSync(alarmsFile, JSON.stringify(Object.fromEntries([...runtime].map(([k, r]) => [k, [...r.alarms]]))));

  const birth = (): BirthMessage => ({
    msg_id: msgId(),
    ts: new Date().toISOString(),
    agent: { version: AGENT_VERSION },
    children: children.map((c) => ({
      child: c.child,
      bus: c.bus.name,
      unit_id: c.device.unit_id,
      endpoint: c.endpoint,
      profile: c.profile.id,
      profile_version: c.profile.version,
      name: c.device.name,
    })),
  });

  /** The message that raised each open alarm (`{child}/{code}`), sent first on a connect. */
  const lastAlarm = new Map<string, number>();

  const childStatus = (r: ChildRuntime) => (r.online ? childOnlineStatus(r.child) : childOfflineStatus(r.reason));

  const pollers = config.buses.map((bus) => {
    const units = children.filter((c) => c.bus.name === bus.name);
    return new BusPoller(
      bus.name,
      modbusTransport(bus),
      {
        requestDelayMs: bus.request_delay_ms,
        timeoutMs: bus.timeout_ms,
        retries: bus.retries,
        offlineAfterFailures: bus.offline_after_failures,
        backoffMs: bus.backoff_s * 1000,
      },
      units.map((c) => ({
        child: c.child,
        unit: c.device.unit_id,
        pollMs: c.device.poll_s * 1000,
        profile: c.profile,
      })),
      {
        reading: (child, reading) => onReading(child, reading),
        offline: (child, reason) => setOnline(child, false, reason),
        online: (child) => setOnline(child, true),
        link: () => uplink.publishRetained(gatewayTopic(mac as string, 'status'), status()),
        log: opts.log,
      },
    );
  });

  const status = (): GatewayStatusMessage => {
    const o = outbox.stats();
    const states = new Map(pollers.flatMap((p) => p.unitStates().map((u) => [u.child, u] as const)));
    return {
      online: true,
      kind: 'gateway',
      model: 'RCM store gateway',
      firmware: AGENT_VERSION,
      agent: { version: AGENT_VERSION },
      buses: pollers.map((p, i) => ({
        name: p.name,
        endpoint: busEndpoint(config.buses[i] as BusConfig),
        last_cycle_ms: p.stats.lastCycleMs === null ? null : Math.round(p.stats.lastCycleMs),
        requests: p.stats.requests,
        errors: p.stats.errors,
        timeouts: p.stats.timeouts,
        link_up: p.stats.linkUp,
        link_error: p.stats.linkError,
      })),
      children: children.map((c) => {
        const u = states.get(c.child);
        return {
          child: c.child,
          online: u?.online === true,
          state: u?.state ?? null,
          last_good_poll: u?.lastGoodPoll?.toISOString() ?? null,
          failures: u?.failures ?? 0,
        };
      }),
      outbox: {
        depth: o.depth,
        bytes: o.bytes,
        oldest: o.oldest === null ? null : new Date(o.oldest).toISOString(),
        dropped: o.dropped,
      },
    };
  };

  const keyPassword = () => {
    const key = readKey(config.console.key_file);
    if (key) return { password: key, authorized: true };
    return { password: config.console.provisioning_key ?? '', authorized: false };
  };

  const uplink = new Uplink({
    url: config.console.mqtt_url,
    mac,
    password: keyPassword,
    will: { topic: gatewayTopic(mac, 'status'), body: { online: false } },
    outbox,
    log: opts.log,
    ...(opts.reconnectMs !== undefined && { reconnectMs: opts.reconnectMs }),
    currentState: () => ({
      retained: [
        { topic: gatewayTopic(mac, 'birth'), body: birth() },
        { topic: gatewayTopic(mac, 'status'), body: status() },
        ...[...runtime.values()]
          .filter((r) => r.online !== null)
          .map((r) => ({ topic: childTopic(mac, r.child.child, 'status'), body: childStatus(r) })),
      ],
      current: currentMessages(),
    }),
  });

  /** Each child's newest reading, and the last word on each of its open alarms, while the outbox keeps them. */
  function currentMessages(): number[] {
    const out: number[] = [];
    for (const r of runtime.values()) {
      const t = outbox.newestOf(childTopic(mac as string, r.child.child, 'telemetry'));
      if (t !== null) out.push(t);
      for (const code of r.alarms) {
        const a = lastAlarm.get(`${r.child.child}/${code}`);
        if (a !== undefined && outbox.has(a)) out.push(a);
      }
    }
    // After a restart the raises are not known by code: the child's newest alarm message, if it raised one still open.
    for (const r of runtime.values()) {
      if (r.alarms.size === 0 || [...r.alarms].some((code) => lastAlarm.has(`${r.child.child}/${code}`))) continue;
      const a = outbox.newestOf(childTopic(mac as string, r.child.child, 'alarms'));
      const body = a === null ? null : outbox.read(a)?.body;
      if (a !== null && body?.state === 'raised' && r.alarms.has(String(body.code))) out.push(a);
    }
    return out;
  }

  function setOnline(child: string, online: boolean, reason?: ChildOfflineReason) {
    const r = runtime.get(child);
    if (!r || (r.online === online && (online || r.reason === reason))) return;
    r.online = online;
    if (reason) r.reason = reason;
    uplink.publishRetained(childTopic(mac as string, child, 'status'), childStatus(r));
    uplink.publishRetained(gatewayTopic(mac as string, 'status'), status());
  }

  function onReading(child: string, reading: Reading) {
    const r = runtime.get(child);
    if (!r) return;
    uplink.send(childTopic(mac as string, child, 'telemetry'), telemetryOf(r.child, reading, msgId()));
    const changes = alarmChanges(r.child, r.alarms, reading, msgId);
    for (const a of changes) {
      const seq = uplink.send(childTopic(mac as string, child, 'alarms'), a);
      if (a.state === 'raised') lastAlarm.set(`${child}/${String(a.code)}`, seq);
      else lastAlarm.delete(`${child}/${String(a.code)}`);
    }
    if (changes.length) {
      r.alarms = new Set(reading.alarms);
      saveAlarms();
    }
  }

  let lastKey = readKey(config.console.key_file);
  const timers = [
    setInterval(() => {
      outbox.expire();
      uplink.publishRetained(gatewayTopic(mac, 'status'), status());
    }, opts.statusEveryMs ?? STATUS_EVERY_MS),
    setInterval(() => {
      const key = readKey(config.console.key_file);
      if (key === lastKey) return;
      lastKey = key;
      opts.log(
        key ? `device key found in ${config.console.key_file}: connecting with it` : 'the device key file is gone',
      );
      uplink.reconnect();
    }, opts.keyCheckMs ?? KEY_CHECK_MS),
  ];

  uplink.start();
  for (const p of pollers) p.start();
  opts.log(`gateway ${mac}: ${children.length} devices on ${pollers.length} buses, console ${config.console.mqtt_url}`);

  return {
    mac,
    status,
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all(pollers.map((p) => p.stop()));
      await uplink.close();
    },
  };
}
