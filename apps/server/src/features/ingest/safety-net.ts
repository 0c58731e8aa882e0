import { randomBytes } from 'node:crypto';
import { parseDeviceTopic } from '@rcm/shared/device';
import type { FastifyBaseLogger } from 'fastify';
import { startWorker } from '../../lib/worker.ts';
import { batchAcks } from './ack-batch.ts';
import type { BrokerConsumer } from './mqtt-consumer.ts';
import type { IngestPipeline } from './pipeline.ts';
import type { NetCommand, NetEvent, NetWorkerData } from './safety-net-protocol.ts';

/** Where the net sends itself the marker that ends a recovery (the server account may write here). */
export const SAFETY_NET_TOPIC_ROOT = 'rcm/ops/safety-net';
const DEVICE_FILTER = 'rcm/v1/+/+';
/** MQTT 5 DISCONNECT reason: another connection took this client id's session. */
const SESSION_TAKEN_OVER = 0x8e;
/** Closed this often within the window while the broker is up: another connection has our id. */
const TAKEOVER_CLOSES = 3;
const TAKEOVER_WINDOW_MS = 30_000;

/** A recovery given up because a newer connection, a takeover or stop() replaced it. */
class Superseded extends Error {
  constructor() {
    super('safety net: recovery superseded');
  }
}

export type SafetyNetStats = {
  mode: 'recovery' | 'normal' | 'stopped';
  /** Connections made (each starts a recovery). */
  recoveries: number;
  /** Device messages handed to the pipeline during recoveries. */
  recovered: number;
  /** Of those, the ones the pipeline stored (the shared path had not stored them, or not yet). */
  rescued: number;
  /** Device messages acknowledged without work in normal operation. */
  acknowledged: number;
};

export type SafetyNet = {
  stats: () => SafetyNetStats;
  /** Resolves when the recovery in progress (if any) has ended. */
  settled: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The MQTT safety net (run by one instance at a time, see jobs/leader.ts).
 *
 * Mosquitto 2.0 restores a persistent session from its persistence file without its `$share`
 * subscriptions: after a broker restart, until the instances subscribe again, what devices publish
 * is acknowledged to them and delivered to nobody. A plain (non-shared) subscription of a
 * persistent session IS restored, so the net holds one, under a fixed client id, on every device
 * topic; the broker queues for it from the moment it starts.
 *
 * Normal operation: every message is acknowledged at once, unread (the shared subscriptions carry
 * the data). Recovery, after each (re)connection of the net: every message goes to the ingest
 * pipeline and is acknowledged after its batch commits (duplicates of what the shared path got are
 * dropped by msg_id), until this instance's shared subscription has been acknowledged by the
 * broker again AND everything the broker queued for the net before that has arrived. The second
 * part is known exactly, not guessed: after the SUBACK the net publishes a marker to itself; the
 * broker queues a session's messages in order (section 11 of design.md), so when the marker
 * comes back, every message published before the shared subscription existed again is in.
 *
 * The connection itself runs on a worker thread (safety-net-worker.ts), so the net keeps up with the
 * broker while ingest saturates this event loop: a net that fell behind let Mosquitto's queue for it
 * grow until the broker stalled, and a sustained overload became a loss (deploy/README.md). This
 * side decides the recovery and stores what the worker hands over; the worker acknowledges.
 */
export async function startSafetyNet(deps: {
  url: string;
  pipeline: IngestPipeline;
  consumer: BrokerConsumer;
  log: FastifyBaseLogger;
  shareGroup: string;
  sessionExpirySeconds: number;
  /** Messages the broker may have in flight to the net (MQTT_RECEIVE_MAXIMUM; default 5,000). */
  receiveMaximum?: number;
  /**
   * This net stepped down: the broker gave its client id's session to another connection (a second
   * net somewhere), or its worker thread failed. The caller lets another instance hold the net.
   */
  onStepDown?: () => void;
  /** How often a recovery that has not ended says so (tests shorten it). */
  warnEveryMs?: number;
}): Promise<SafetyNet> {
  const warnEveryMs = deps.warnEveryMs ?? 30_000;
  const clientId = `rcm-safety-net-${deps.shareGroup}`;
  const markerTopic = `${SAFETY_NET_TOPIC_ROOT}/${deps.shareGroup}`;
  const stats: SafetyNetStats = { mode: 'recovery', recoveries: 0, recovered: 0, rescued: 0, acknowledged: 0 };
  /** The pipeline's work for the messages of the recovery in progress. */
  let handedOver: Promise<unknown>[] = [];
  let epoch = 0;
  /** The worker's connection the recovery in progress is for. */
  let conn = 0;
  let marker: { conn: number; arrived: () => void } | null = null;
  /** Ends the wait of the recovery in progress (a new connection, a takeover, stop()). */
  let abandon: (() => void) | null = null;
  const supersede = () => {
    epoch += 1;
    marker = null;
    abandon?.();
    abandon = null;
  };
  let settledWaiters: (() => void)[] = [];
  const setMode = (mode: SafetyNetStats['mode']) => {
    stats.mode = mode;
    if (mode !== 'recovery') {
      for (const w of settledWaiters) w();
      settledWaiters = [];
    }
  };

  const worker = startWorker(new URL('./safety-net-worker.ts', import.meta.url), {
    url: deps.url,
    clientId,
    markerTopic,
    deviceFilter: DEVICE_FILTER,
    sessionExpirySeconds: deps.sessionExpirySeconds,
    receiveMaximum: deps.receiveMaximum ?? 5000,
  } satisfies NetWorkerData);
  const command = (c: NetCommand) => worker.postMessage(c);
  let exited = false;
  let nextRequest = 0;
  const replies = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  const request = (c: { type: 'subscribe'; conn: number } | { type: 'marker'; conn: number; nonce: string }) =>
    new Promise<void>((resolve, reject) => {
      if (exited) return reject(new Error('safety net worker exited'));
      const id = ++nextRequest;
      replies.set(id, { resolve, reject });
      command({ ...c, id });
    });

  /** Committed (PUBACK) or not stored (no PUBACK; the worker cuts the connection): sent in batches. */
  const { settle, flush: sendAcks } = batchAcks((acks) => command({ type: 'acks', ...acks }));

  const recover = async (mine: number, mineConn: number) => {
    const current = () => mine === epoch && stats.mode === 'recovery';
    const started = Date.now();
    const before = { recovered: stats.recovered, rescued: stats.rescued };
    // Every wait below also ends when this recovery is superseded: nothing is left pending.
    const superseded = new Promise<never>((_, reject) => {
      abandon = () => reject(new Superseded());
    });
    superseded.catch(() => undefined);
    const until = <T>(work: Promise<T>): Promise<T> => Promise.race([work, superseded]);
    let waitingFor = 'the broker to acknowledge its own subscription';
    // Safe either way: until the recovery ends, the net keeps ingesting (duplicates are dropped).
    const nag = setInterval(() => {
      if (current()) deps.log.warn({ clientId, markerTopic, waitingFor }, 'safety net: recovery has not ended yet');
    }, warnEveryMs);
    nag.unref();
    try {
      // The broker restores these with the session; subscribing again also covers a session it lost.
      // (A refusal rejects: "recovery interrupted" below, with the reason.)
      await until(request({ type: 'subscribe', conn: mineConn }));
      if (!current()) return;
      waitingFor = "this instance's shared subscription to be acknowledged (is it refused? see the consumer's log)";
      await until(deps.consumer.confirmSubscribed());
      if (!current()) return;
      const nonce = randomBytes(9).toString('base64url');
      const arrived = new Promise<void>((resolve) => {
        marker = { conn: mineConn, arrived: resolve };
      });
      waitingFor = 'its marker (a large backlog, or the ACL refuses the server account this topic)';
      await until(request({ type: 'marker', conn: mineConn, nonce }));
      await until(arrived);
    } finally {
      clearInterval(nag);
      if (mine === epoch) abandon = null;
    }
    const work = handedOver;
    handedOver = [];
    await Promise.allSettled(work);
    if (mine !== epoch) return;
    const done = {
      clientId,
      recovered: stats.recovered - before.recovered,
      rescued: stats.rescued - before.rescued,
      ms: Date.now() - started,
    };
    // Stored first by the net: the shared path had not stored them (yet): a broker restart's window,
    // or the share of an instance that is down or cut off from PostgreSQL. Worth a line.
    if (done.rescued > 0) deps.log.warn(done, 'safety net: recovery finished, stored messages the shared path had not');
    else deps.log.info(done, 'safety net: recovery finished');
  };

  let stopping = false;
  let started: { resolve: () => void; reject: (err: Error) => void } | null = null;
  let ended: (() => void) | null = null;
  const stepDown = (why: string, detail: Record<string, unknown> = {}) => {
    // Still starting: startSafetyNet rejects instead (nothing to step down from).
    if (started) {
      failStart(new Error(`safety net: ${why} while starting`));
      command({ type: 'end' });
      return;
    }
    if (stats.mode === 'stopped') return;
    deps.log.warn({ clientId, ...detail }, `safety net: ${why}; stepping down`);
    supersede();
    setMode('stopped');
    command({ type: 'end' });
    deps.onStepDown?.();
  };
  // Two nets under one client id would take the session from each other forever (the advisory
  // lock makes that rare: a holder that lost PostgreSQL, or a second deployment with the same share
  // group). MQTT 5 brokers may say so (DISCONNECT 0x8E); Mosquitto 2.0.11 just closes the older
  // connection. So: told so, or closed again and again while the broker is up (this instance's
  // shared consumer is connected), this net leaves.
  let closes: number[] = [];
  /** The first connection failed: startSafetyNet rejects, and nothing steps down. */
  const failStart = (err: Error) => {
    stopping = true;
    setMode('stopped');
    started?.reject(err);
    started = null;
  };

  worker.on('message', (event: NetEvent) => {
    switch (event.type) {
      case 'connect': {
        started?.resolve();
        started = null;
        // stop() is closing this connection: no new recovery.
        if (stopping) return;
        supersede();
        stats.recoveries += 1;
        setMode('recovery');
        handedOver = [];
        conn = event.conn;
        const mine = epoch;
        recover(mine, event.conn).catch((err: Error) => {
          // The connection went away mid-way: the next connect starts over.
          if (mine === epoch && !(err instanceof Superseded))
            deps.log.warn({ err: err.message, clientId }, 'safety net: recovery interrupted');
        });
        return;
      }
      case 'messages':
        for (const m of event.batch) {
          // Handed over on an earlier connection (its PUBACK could not be sent any more, and the
          // broker delivers it again on this one), or after stop() began (the next holder gets it).
          if (stopping || event.conn !== conn || stats.mode !== 'recovery') {
            settle(m.id, false);
            continue;
          }
          const topic = parseDeviceTopic(m.topic);
          const payload = Buffer.from(m.payload.buffer, m.payload.byteOffset, m.payload.byteLength);
          const work = topic ? deps.pipeline.submit(topic.mac, topic.channel, payload) : Promise.resolve();
          stats.recovered += 1;
          handedOver.push(
            work.then(
              (r) => {
                if (r?.ok && r.stored) stats.rescued += 1;
                settle(m.id, true);
              },
              // Not stored: not acknowledged either, so the broker sends it again.
              () => settle(m.id, false),
            ),
          );
        }
        return;
      case 'normal':
        if (marker && event.conn === marker.conn) {
          marker.arrived();
          marker = null;
          setMode('normal');
        }
        return;
      case 'acknowledged':
        stats.acknowledged = event.total;
        return;
      case 'reply': {
        const waiter = replies.get(event.id);
        replies.delete(event.id);
        if (event.error === undefined) waiter?.resolve();
        else waiter?.reject(new Error(event.error));
        return;
      }
      case 'disconnect':
        if (event.reasonCode === SESSION_TAKEN_OVER) stepDown('session taken over by another connection');
        return;
      case 'close': {
        // Only an accepted connection can be taken over; refused reconnects (a broker restarting
        // while this thread was busy) arrive in a burst and are not a sign of a second net.
        if (!event.established || stats.mode === 'stopped' || !deps.consumer.connected()) return;
        const now = Date.now();
        closes = [...closes.filter((t) => now - t < TAKEOVER_WINDOW_MS), now];
        if (closes.length >= TAKEOVER_CLOSES) stepDown('session taken over by another connection');
        return;
      }
      case 'error':
        // No half-started net left reconnecting under the fixed client id.
        if (event.first && started) {
          failStart(new Error(event.message));
          command({ type: 'end' });
          return;
        }
        deps.log.error({ err: event.message, clientId }, 'safety net: mqtt error');
        return;
      case 'ended':
        ended?.();
        ended = null;
        void worker.terminate();
        return;
    }
  });
  worker.on('error', (err) => {
    if (started) return failStart(err);
    deps.log.error({ err: err.message, clientId }, 'safety net: worker thread failed');
  });
  worker.on('exit', () => {
    exited = true;
    ended?.();
    ended = null;
    for (const waiter of replies.values()) waiter.reject(new Error('safety net worker exited'));
    replies.clear();
    // Not by stop() or a step-down: the broker's connection is gone with the thread.
    if (!stopping) stepDown('worker thread exited');
  });

  await new Promise<void>((resolve, reject) => {
    started = { resolve, reject };
  });
  let stopped: Promise<void> | undefined;

  return {
    stats: () => ({ ...stats }),
    settled: () =>
      stats.mode === 'recovery' ? new Promise<void>((resolve) => settledWaiters.push(resolve)) : Promise.resolve(),
    stop: () => {
      stopped ??= stop();
      return stopped;
    },
  };

  async function stop(): Promise<void> {
    stopping = true;
    supersede();
    // Nothing more is handed over or acknowledged; what was handed over commits and is
    // acknowledged before the connection closes. The session stays on the broker, which keeps
    // queuing for the next holder; anything uncommitted is delivered to it again (deduplicated).
    command({ type: 'halt' });
    await deps.pipeline.flush();
    const work = handedOver;
    handedOver = [];
    await Promise.allSettled(work);
    sendAcks();
    setMode('stopped');
    if (exited) return;
    await new Promise<void>((resolve) => {
      ended = resolve;
      command({ type: 'end' });
    });
    await worker.terminate();
  }
}
