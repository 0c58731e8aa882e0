import { randomBytes } from 'node:crypto';
import { parseDeviceTopic } from '@rcm/shared/device';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IDisconnectPacket, type IPublishPacket } from 'mqtt';
import { holdAcks } from './held-acks.ts';
import type { BrokerConsumer } from './mqtt-consumer.ts';
import type { IngestPipeline } from './pipeline.ts';

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
 */
export async function startSafetyNet(deps: {
  url: string;
  pipeline: IngestPipeline;
  consumer: BrokerConsumer;
  log: FastifyBaseLogger;
  shareGroup: string;
  sessionExpirySeconds: number;
  /** The broker gave this client id's session to another connection (a second net somewhere). */
  onTakenOver?: () => void;
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
  let marker: { nonce: string; arrived: () => void } | null = null;
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

  const client = mqtt.connect(deps.url, {
    clientId,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: deps.sessionExpirySeconds },
    reconnectPeriod: 250,
  });
  const hold = holdAcks(client);

  client.handleMessage = (packet: IPublishPacket, done) => {
    if (packet.topic === markerTopic) {
      if (marker && packet.payload.toString() === marker.nonce) {
        // Everything queued before the marker has been handed over (in order): back to ack-only,
        // from this very message on.
        marker.arrived();
        marker = null;
        setMode('normal');
      }
      return done();
    }
    // Stopping or stopped: neither stored nor acknowledged; the session keeps it for the next
    // holder (the connection is being force-closed, so mqtt.js reads no further packets meanwhile).
    if (stats.mode === 'stopped') return;
    if (stats.mode === 'normal') {
      stats.acknowledged += 1;
      return done();
    }
    const topic = parseDeviceTopic(packet.topic);
    const work = topic ? deps.pipeline.submit(topic.mac, topic.channel, packet.payload) : Promise.resolve();
    stats.recovered += 1;
    handedOver.push(
      work.then(
        (r) => {
          if (r?.ok && r.stored) stats.rescued += 1;
        },
        // Not stored: not acknowledged either (held-acks.ts), so the broker sends it again.
        () => undefined,
      ),
    );
    if (packet.qos > 0 && packet.messageId !== undefined) hold(packet.messageId, work);
    else work.catch(() => {});
    done();
  };

  const recover = async (mine: number) => {
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
      await until(
        client.subscribeAsync({
          [DEVICE_FILTER]: { qos: 1 },
          [markerTopic]: { qos: 1 },
          resubscribe: true,
        } as unknown as string),
      );
      if (!current()) return;
      waitingFor = "this instance's shared subscription to be acknowledged (is it refused? see the consumer's log)";
      await until(deps.consumer.confirmSubscribed());
      if (!current()) return;
      const nonce = randomBytes(9).toString('base64url');
      const arrived = new Promise<void>((resolve) => {
        marker = { nonce, arrived: resolve };
      });
      waitingFor = 'its marker (a large backlog, or the ACL refuses the server account this topic)';
      await until(client.publishAsync(markerTopic, nonce, { qos: 1 }));
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
  client.on('connect', () => {
    // stop() is closing this connection: no new recovery.
    if (stopping) return;
    supersede();
    stats.recoveries += 1;
    setMode('recovery');
    handedOver = [];
    const mine = epoch;
    recover(mine).catch((err: Error) => {
      // The connection went away mid-way: the next connect starts over.
      if (mine === epoch && !(err instanceof Superseded))
        deps.log.warn({ err: err.message, clientId }, 'safety net: recovery interrupted');
    });
  });
  // Two nets under one client id would take the session from each other forever (the advisory
  // lock makes that rare: a holder that lost PostgreSQL, or a second deployment with the same share
  // group). MQTT 5 brokers may say so (DISCONNECT 0x8E); Mosquitto 2.0.11 just closes the older
  // connection. So: told so, or closed again and again while the broker is up (this instance's
  // shared consumer is connected), this net leaves.
  const takenOver = () => {
    if (stats.mode === 'stopped') return;
    deps.log.warn({ clientId }, 'safety net: session taken over by another connection; stepping down');
    supersede();
    setMode('stopped');
    client.end(true);
    deps.onTakenOver?.();
  };
  let closes: number[] = [];
  client.on('disconnect', (packet: IDisconnectPacket) => {
    if (packet.reasonCode === SESSION_TAKEN_OVER) takenOver();
  });
  client.on('close', () => {
    if (stats.mode === 'stopped' || !deps.consumer.connected()) return;
    const now = Date.now();
    closes = [...closes.filter((t) => now - t < TAKEOVER_WINDOW_MS), now];
    if (closes.length >= TAKEOVER_CLOSES) takenOver();
  });
  client.on('error', (err) => deps.log.error({ err: err.message, clientId }, 'safety net: mqtt error'));

  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
  } catch (err) {
    // No half-started net left reconnecting under the fixed client id.
    client.end(true);
    throw err;
  }

  return {
    stats: () => ({ ...stats }),
    settled: () =>
      stats.mode === 'recovery' ? new Promise<void>((resolve) => settledWaiters.push(resolve)) : Promise.resolve(),
    stop: async () => {
      stopping = true;
      supersede();
      // What recovery handed over commits (and is acknowledged) before the connection closes;
      // the session stays on the broker, which keeps queuing for the next holder.
      await deps.pipeline.flush();
      setMode('stopped');
      // Forced: a graceful end waits for every unacknowledged QoS 1 publish (the marker, kept
      // across reconnects), i.e. forever while the broker is down. Committed work has had its
      // PUBACKs; anything else is delivered again to the next holder (and deduplicated).
      await client.endAsync(true);
    },
  };
}
