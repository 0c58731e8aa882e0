import type { FastifyBaseLogger } from 'fastify';
import type { IngestPipeline } from '../pipeline/pipeline.ts';
import { batchAcks } from './ack-batch.ts';
import { type BrokerConsumer, submitByTopic } from './mqtt-consumer.ts';
import { linkNetWorker } from './safety-net-link.ts';
import type { NetEvent, NetWorkerData, SafetyNetStats } from './safety-net-protocol.ts';
import { type Recovery, recover, Superseded, supersede } from './safety-net-recovery.ts';

/** Where the net sends itself the marker that ends a recovery (the server account may write here). */
export const SAFETY_NET_TOPIC_ROOT = 'rcm/ops/safety-net';
/** A controller's own topics and a gateway's birth; a store gateway's children's. */
const DEVICE_FILTERS = ['rcm/v1/+/+', 'rcm/v1/+/dev/+/+'];
/** MQTT 5 DISCONNECT reason: another connection took this client id's session. */
const SESSION_TAKEN_OVER = 0x8e;
/** Closed this often within the window while the broker is up: another connection has our id. */
const TAKEOVER_CLOSES = 3;
const TAKEOVER_WINDOW_MS = 30_000;

export type { SafetyNetStats } from './safety-net-protocol.ts';

export type SafetyNet = {
  stats: () => SafetyNetStats;
  /** Resolves when the recovery in progress (if any) has ended. */
  settled: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The MQTT safety net (run by one instance at a time, see scheduled/leader.ts).
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
 * broker queues a session's messages in order, so when the marker
 * comes back, every message published before the shared subscription existed again is in.
 *
 * The connection itself runs on a worker thread (safety-net-worker.ts), so the net keeps up with the
 * broker while ingest saturates this event loop: a net that fell behind let Mosquitto's queue for it
 * grow until the broker stalled, and a sustained overload became a loss (deploy/README.md). This
 * side decides the recovery (safety-net-recovery.ts) and stores what the worker hands over; the
 * worker acknowledges.
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
  const r: Recovery = { epoch: 0, conn: 0, handedOver: [], marker: null, abandon: null };
  let settledWaiters: (() => void)[] = [];
  const setMode = (mode: SafetyNetStats['mode']) => {
    stats.mode = mode;
    if (mode !== 'recovery') {
      for (const w of settledWaiters) w();
      settledWaiters = [];
    }
  };

  const link = linkNetWorker({
    url: deps.url,
    clientId,
    markerTopic,
    deviceFilters: DEVICE_FILTERS,
    sessionExpirySeconds: deps.sessionExpirySeconds,
    receiveMaximum: deps.receiveMaximum ?? 5000,
  } satisfies NetWorkerData);
  const { worker, command } = link;

  /** Committed (PUBACK) or not stored (no PUBACK; the worker cuts the connection): sent in batches. */
  const { settle, flush: sendAcks } = batchAcks((acks) => command({ type: 'acks', ...acks }));

  const recovery = { r, stats, link, consumer: deps.consumer, log: deps.log, clientId, markerTopic, warnEveryMs };

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
    supersede(r);
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
        supersede(r);
        stats.recoveries += 1;
        setMode('recovery');
        r.handedOver = [];
        r.conn = event.conn;
        const mine = r.epoch;
        recover(recovery, mine, event.conn).catch((err: Error) => {
          // The connection went away mid-way: the next connect starts over.
          if (mine === r.epoch && !(err instanceof Superseded))
            deps.log.warn({ err: err.message, clientId }, 'safety net: recovery interrupted');
        });
        return;
      }
      case 'messages':
        for (const m of event.batch) {
          // Handed over on an earlier connection (its PUBACK could not be sent any more, and the
          // broker delivers it again on this one), or after stop() began (the next holder gets it).
          if (stopping || event.conn !== r.conn || stats.mode !== 'recovery') {
            settle(m.id, false);
            continue;
          }
          const payload = Buffer.from(m.payload.buffer, m.payload.byteOffset, m.payload.byteLength);
          const work = submitByTopic(deps.pipeline, m.topic, payload);
          stats.recovered += 1;
          r.handedOver.push(
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
        if (r.marker && event.conn === r.marker.conn) {
          r.marker.arrived();
          r.marker = null;
          setMode('normal');
        }
        return;
      case 'acknowledged':
        stats.acknowledged = event.total;
        return;
      case 'reply':
        link.reply(event);
        return;
      case 'disconnect':
        if (event.reasonCode === SESSION_TAKEN_OVER) stepDown('session taken over by another connection');
        return;
      case 'close': {
        // Only an accepted connection can be taken over; refused reconnects (a broker restarting
        // while this thread was busy) arrive in a burst, are not a sign of a second net, and the
        // worker retries them itself. After an accepted one it waits for this answer, so a net that
        // steps down never takes the session back once more (which would count against the other).
        if (!event.established || stats.mode === 'stopped' || stopping) return;
        if (deps.consumer.connected()) {
          const now = performance.now();
          closes = [...closes.filter((t) => now - t < TAKEOVER_WINDOW_MS), now];
          if (closes.length >= TAKEOVER_CLOSES) return stepDown('session taken over by another connection');
        }
        command({ type: 'reconnect' });
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
    ended?.();
    ended = null;
    link.exit();
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
    supersede(r);
    // Nothing more is handed over or acknowledged; what was handed over commits and is
    // acknowledged before the connection closes. The session stays on the broker, which keeps
    // queuing for the next holder; anything uncommitted is delivered to it again (deduplicated).
    command({ type: 'halt' });
    await deps.pipeline.flush();
    const work = r.handedOver;
    r.handedOver = [];
    await Promise.allSettled(work);
    sendAcks();
    setMode('stopped');
    if (link.exited()) return;
    await new Promise<void>((resolve) => {
      ended = resolve;
      command({ type: 'end' });
    });
    await worker.terminate();
  }
}
