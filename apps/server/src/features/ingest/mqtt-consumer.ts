import { hostname } from 'node:os';
import { parseDeviceTopic } from '@rcm/shared/device';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient, type Packet } from 'mqtt';
import type { IngestPipeline } from './pipeline.ts';

export const SHARED_GROUP = 'rcm-ingest';
export const INGEST_TOPIC = `$share/${SHARED_GROUP}/rcm/v1/+/+`;

type SendPacket = (packet: Packet, cb?: () => void, cbStorePut?: () => void, noStore?: boolean) => void;

/**
 * Ingest from an external broker (Mosquitto, EMQX) through a shared subscription, so several
 * server instances split the devices' messages. The session is persistent (clean: false): what
 * was not acknowledged is delivered again after a restart.
 *
 * mqtt.js handles one incoming packet at a time and sends the PUBACK when handleMessage's
 * callback runs. Waiting there for the database would allow one message per batch, so the
 * callback runs at once and the PUBACK itself is held until the message's batch commits.
 */
export async function startBrokerConsumer(deps: {
  url: string;
  pipeline: IngestPipeline;
  log: FastifyBaseLogger;
  clientId?: string;
  connections?: number;
}): Promise<{ close: () => Promise<void> }> {
  const count = deps.connections ?? 2;
  const base = deps.clientId ?? `rcm-ingest-${hostname()}-${process.pid}`;
  const clients: MqttClient[] = [];
  for (let i = 0; i < count; i++) clients.push(await connect(`${base}-${i}`));

  async function connect(clientId: string): Promise<MqttClient> {
    const client = mqtt.connect(deps.url, {
      clientId,
      clean: false,
      protocolVersion: 5,
      properties: { sessionExpiryInterval: 3600 },
      reconnectPeriod: 1000,
    });
    const held = new Map<number, Promise<unknown>>();
    const send = (client as unknown as { _sendPacket: SendPacket })._sendPacket.bind(client);
    (client as unknown as { _sendPacket: SendPacket })._sendPacket = (packet, cb, cbStorePut, noStore) => {
      const pending =
        packet.cmd === 'puback' && packet.messageId !== undefined ? held.get(packet.messageId) : undefined;
      if (!pending) return send(packet, cb, cbStorePut, noStore);
      held.delete(packet.messageId as number);
      pending.then(
        () => send(packet, cb, cbStorePut, noStore),
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
    await new Promise<void>((resolve, reject) => {
      client.once('connect', (connack) => {
        if (!connack.sessionPresent) client.subscribe(INGEST_TOPIC, { qos: 1 });
        resolve();
      });
      client.once('error', reject);
    });
    // Re-subscribe when the broker lost the session (restarted without persistence).
    client.on('connect', (connack) => {
      if (!connack.sessionPresent) client.subscribe(INGEST_TOPIC, { qos: 1 });
    });
    return client;
  }

  return {
    close: async () => {
      await deps.pipeline.flush();
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}
