import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { parseDeviceTopic } from '@rcm/shared/device';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient, type Packet } from 'mqtt';
import type { IngestPipeline } from './pipeline.ts';

export const DEFAULT_SHARE_GROUP = 'rcm-ingest';

type SendPacket = (packet: Packet, cb?: () => void, cbStorePut?: () => void, noStore?: boolean) => void;

/**
 * Ingest from an external broker (Mosquitto, EMQX) through a shared subscription, so several
 * server instances split the devices' messages. With INSTANCE_ID the session is persistent: what
 * was not acknowledged is delivered again when that instance restarts.
 *
 * mqtt.js handles one incoming packet at a time and moves to the next only once the PUBACK is
 * written. Waiting there for the database would allow one message per batch per connection, so
 * the packet loop moves on at once and the PUBACK itself is sent when the message's batch commits.
 */
export async function startBrokerConsumer(deps: {
  url: string;
  pipeline: IngestPipeline;
  log: FastifyBaseLogger;
  /** A stable name (INSTANCE_ID): the session persists across restarts and resumes. */
  clientId?: string;
  shareGroup?: string;
  connections?: number;
}): Promise<{ close: () => Promise<void>; connected: () => boolean }> {
  const topicFilter = `$share/${deps.shareGroup ?? DEFAULT_SHARE_GROUP}/rcm/v1/+/+`;
  // Shared subscriptions deliver to every session of the group, connected or not. Only a named
  // instance keeps its session (it will come back for it); an anonymous one must not leave a dead
  // session behind that goes on taking its share of the devices' messages.
  const persistent = deps.clientId !== undefined;
  const count = deps.connections ?? 2;
  const base = deps.clientId ?? `rcm-ingest-${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const clients: MqttClient[] = [];
  for (let i = 0; i < count; i++) clients.push(await connect(`${base}-${i}`));

  async function connect(clientId: string): Promise<MqttClient> {
    const client = mqtt.connect(deps.url, {
      clientId,
      clean: !persistent,
      protocolVersion: 5,
      properties: { sessionExpiryInterval: persistent ? 3600 : 0 },
      // Soon after a broker restart: until the subscription is back, Mosquitto drops what devices send.
      reconnectPeriod: 250,
    });
    const held = new Map<number, Promise<unknown>>();
    const send = (client as unknown as { _sendPacket: SendPacket })._sendPacket.bind(client);
    (client as unknown as { _sendPacket: SendPacket })._sendPacket = (packet, cb, cbStorePut, noStore) => {
      const pending =
        packet.cmd === 'puback' && packet.messageId !== undefined ? held.get(packet.messageId) : undefined;
      if (!pending) return send(packet, cb, cbStorePut, noStore);
      held.delete(packet.messageId as number);
      // mqtt.js reads the next packet once `cb` runs: let it, and send this PUBACK after commit.
      cb?.();
      pending.then(
        () => send(packet, undefined, cbStorePut, noStore),
        // Not stored: no PUBACK, and a reconnect makes the broker deliver the message again.
        () => client.stream.destroy(),
      );
    };
    client.handleMessage = (packet: IPublishPacket, done) => {
      const topic = parseDeviceTopic(packet.topic);
      const work = topic ? deps.pipeline.submit(topic.mac, topic.channel, packet.payload) : Promise.resolve();
      if (packet.qos > 0 && packet.messageId !== undefined) held.set(packet.messageId, work);
      work.catch(() => {});
      done();
    };
    client.on('error', (err) => deps.log.error({ err: err.message, clientId }, 'mqtt consumer error'));
    // Subscribe on every connect, also when the broker kept the session: Mosquitto 2.0 restores a
    // persistent session from its persistence file without its $share subscription, and would then
    // acknowledge devices' messages that no instance receives (found by features/ops/faults.test.ts).
    // Subscribing again to the same filter replaces the subscription; nothing is delivered twice.
    // (`resubscribe: true` makes mqtt.js send it even though it believes the filter is subscribed.)
    client.on('connect', () => {
      client.subscribe({ [topicFilter]: { qos: 1 }, resubscribe: true } as unknown as string, { qos: 1 });
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    return client;
  }

  return {
    /** At least one of the connections is up (readiness). */
    connected: () => clients.some((c) => c.connected),
    close: async () => {
      await deps.pipeline.flush();
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}
