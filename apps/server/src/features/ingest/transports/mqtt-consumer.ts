import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { parseDeviceTopic } from '@rcm/shared/device';
import { childKey, parseBirthTopic, parseChildTopic } from '@rcm/shared/gateway';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { IngestPipeline } from '../pipeline/pipeline.ts';
import type { SubmitResult } from '../pipeline/submit-result.ts';
import { holdAcks } from './held-acks.ts';

export const DEFAULT_SHARE_GROUP = 'rcm-ingest';
const RECONNECT_MS = 250;
const MAX_RECONNECT_MS = 5000;

/** A device's message by its topic: a controller's own, a store gateway's child's, or a gateway's birth. */
export function submitByTopic(
  pipeline: IngestPipeline,
  topic: string,
  payload: Buffer | string,
): Promise<SubmitResult | undefined> {
  const own = parseDeviceTopic(topic);
  if (own) return pipeline.submit(own.mac, own.channel, payload);
  const child = parseChildTopic(topic);
  if (child) return pipeline.submit(childKey(child.mac, child.child), child.channel, payload);
  const gateway = parseBirthTopic(topic);
  if (!gateway) return Promise.resolve(undefined);
  return new Promise((resolve, reject) =>
    pipeline.submitBirth(gateway, payload, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

export type BrokerConsumer = {
  close: () => Promise<void>;
  connected: () => boolean;
  confirmSubscribed: () => Promise<void>;
};

/**
 * Ingest from an external broker (Mosquitto, EMQX) through a shared subscription, so several
 * server instances split the devices' messages. With INSTANCE_ID the session is persistent: what
 * was not acknowledged is delivered again when that instance restarts.
 * Each PUBACK is sent when the message's batch commits (`holdAcks`).
 */
export async function startBrokerConsumer(deps: {
  url: string;
  pipeline: IngestPipeline;
  log: FastifyBaseLogger;
  /** A stable name (INSTANCE_ID): the session persists across restarts and resumes. */
  clientId?: string;
  shareGroup?: string;
  connections?: number;
  /** MQTT 5 Receive Maximum of each connection: the broker's messages in flight to it (flow control). */
  receiveMaximum?: number;
}): Promise<BrokerConsumer> {
  const topicFilter = `$share/${deps.shareGroup ?? DEFAULT_SHARE_GROUP}/rcm/v1/+/+`;
  // Store gateways' children: rcm/v1/{gw}/dev/{child}/{channel} (their birth is under the filter above).
  const childFilter = `$share/${deps.shareGroup ?? DEFAULT_SHARE_GROUP}/rcm/v1/+/dev/+/+`;
  // Shared subscriptions deliver to every session of the group, connected or not. Only a named
  // instance keeps its session (it will come back for it); an anonymous one must not leave a dead
  // session behind that goes on taking its share of the devices' messages.
  const persistent = deps.clientId !== undefined;
  const count = deps.connections ?? 2;
  const receiveMaximum = deps.receiveMaximum ?? 5000;
  const base = deps.clientId ?? `rcm-ingest-${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const clients: MqttClient[] = [];
  /** Waiting for a SUBACK to a SUBSCRIBE sent after they asked (`confirmSubscribed`). */
  let subscribeSeq = 0;
  let waiters: { after: number; resolve: () => void }[] = [];
  /** Connections whose refused SUBSCRIBE has been logged since they (re)connected: once each. */
  const refusalLogged = new WeakSet<MqttClient>();
  const subscribe = (client: MqttClient) => {
    const seq = ++subscribeSeq;
    client.subscribe(
      { [topicFilter]: { qos: 1 }, [childFilter]: { qos: 1 }, resubscribe: true } as unknown as string,
      { qos: 1 },
      (err, granted, suback) => {
        const codes = suback?.granted ?? granted?.map((g) => g.qos) ?? [];
        const refused = codes.filter((code) => typeof code === 'number' && code >= 0x80);
        if (err || !granted?.length || refused.length > 0) {
          // Refused (mqtt.js 5 also reports it as `err`), or the connection went away. Until some
          // connection's SUBSCRIBE succeeds, the safety net stays in recovery and says so.
          if (!refusalLogged.has(client)) {
            refusalLogged.add(client);
            deps.log.warn(
              { err: err?.message, refused, topicFilter, clientId: client.options.clientId },
              'mqtt consumer: shared subscription not granted',
            );
          }
          return;
        }
        const ready = waiters.filter((w) => w.after < seq);
        waiters = waiters.filter((w) => w.after >= seq);
        for (const w of ready) w.resolve();
      },
    );
  };
  for (let i = 0; i < count; i++) clients.push(await connect(`${base}-${i}`));

  async function connect(clientId: string): Promise<MqttClient> {
    const client = mqtt.connect(deps.url, {
      clientId,
      clean: !persistent,
      protocolVersion: 5,
      properties: { sessionExpiryInterval: persistent ? 3600 : 0, receiveMaximum },
      // Soon after a broker restart: until the subscription is back, only the safety net gets what
      // devices send (safety-net.ts).
      reconnectPeriod: RECONNECT_MS,
    });
    // While batches fail (the database is gone) each reconnection would bring the broker's whole
    // in-flight window again, only to fail it: reconnect later and later (up to 5 s, so ingest
    // resumes soon after the database is back), and at the usual pace again once a message is stored.
    let failures = 0;
    let failedStream: unknown = null;
    const hold = holdAcks(client, {
      limit: receiveMaximum,
      stored: () => {
        if (failures === 0) return;
        failures = 0;
        client.options.reconnectPeriod = RECONNECT_MS;
      },
      // Once per connection: a failed batch fails all of its messages at once.
      failed: () => {
        if (client.stream === failedStream) return;
        failedStream = client.stream;
        failures += 1;
        client.options.reconnectPeriod = Math.min(MAX_RECONNECT_MS, RECONNECT_MS * 2 ** Math.min(failures, 5));
      },
    });
    client.handleMessage = (packet: IPublishPacket, done) => {
      const work = submitByTopic(deps.pipeline, packet.topic, packet.payload);
      if (packet.qos > 0 && packet.messageId !== undefined) hold(packet.messageId, work);
      else work.catch(() => {});
      done();
    };
    client.on('error', (err) => deps.log.error({ err: err.message, clientId }, 'mqtt consumer error'));
    // Subscribe on every connect, also when the broker kept the session: Mosquitto 2.0 restores a
    // persistent session from its persistence file without its $share subscription, and would then
    // acknowledge devices' messages that no instance receives (found by features/ops/faults.test.ts).
    // Subscribing again to the same filter replaces the subscription; nothing is delivered twice.
    // (`resubscribe: true` makes mqtt.js send it even though it believes the filter is subscribed.)
    client.on('connect', () => {
      refusalLogged.delete(client);
      subscribe(client);
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    return client;
  }

  return {
    /**
     * Resolves once the broker has acknowledged this instance's shared subscription again, for a
     * SUBSCRIBE sent after this call (the safety net: from then on no device message can fall
     * between the subscriptions). Subscribes now on the connections that are up; the others
     * subscribe when they connect.
     */
    confirmSubscribed: (): Promise<void> =>
      new Promise<void>((resolve) => {
        waiters.push({ after: subscribeSeq, resolve });
        for (const c of clients) if (c.connected) subscribe(c);
      }),
    /** At least one of the connections is up (readiness). */
    connected: () => clients.some((c) => c.connected),
    close: async () => {
      await deps.pipeline.flush();
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}
