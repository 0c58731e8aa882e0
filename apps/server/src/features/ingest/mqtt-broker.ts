import { createServer, type Server } from 'node:net';
import {
  compactMac,
  DEVICE_CHANNELS,
  type DeviceChannel,
  deviceTopic,
  normalizeMac,
  parseDeviceTopic,
} from '@rcm/shared/device';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../events/bus.ts';
import type { DeviceRegistry } from './device-registry.ts';
import type { IngestPipeline } from './pipeline.ts';

type Session = {
  mac: string;
  kind: 'device' | 'provisioning';
  /** The device's own topics in the usual spelling: most publishes are checked by one lookup. */
  topics: Map<string, DeviceChannel>;
};

function authError(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * The embedded MQTT broker (aedes) for the default mode. Devices authenticate with their MAC and
 * key; a device may publish only under its own MAC. A publish is authorised only after the ingest
 * pipeline has committed it, which holds the device's PUBACK until then (design.md section 11).
 */
export async function startEmbeddedBroker(deps: {
  port: number;
  host: string;
  registry: DeviceRegistry;
  pipeline: IngestPipeline;
  bus: EventBus;
  log: FastifyBaseLogger;
}): Promise<{ port: number; listening: () => boolean; close: () => Promise<void> }> {
  const { registry, pipeline, log } = deps;
  const broker = await Aedes.createBroker({ heartbeatInterval: 60_000, connectTimeout: 30_000 });
  const sessions = new WeakMap<Client, Session>();

  broker.authenticate = (client, username, password, done) => {
    const mac = normalizeMac(username ?? '');
    if (!mac || client.id !== compactMac(mac)) return done(authError(2, 'client id must be the MAC'), false);
    registry
      .authenticate(mac, password?.toString() ?? '')
      .then(async (auth) => {
        if (!auth) return done(authError(4, 'bad credentials'), false);
        const topics = new Map(DEVICE_CHANNELS.map((c) => [deviceTopic(mac, c), c]));
        sessions.set(client, { mac, kind: auth.kind, topics });
        if (auth.kind === 'provisioning') {
          const created = await registry.announce(mac, {});
          if (created) deps.bus.emit('controller.pending', created);
        }
        done(null, true);
      })
      .catch((err: unknown) => {
        log.error({ err, mac }, 'device authentication failed');
        done(authError(3, 'server unavailable'), false);
      });
  };

  // The device protocol has no downlink: a subscription is refused (SUBACK 0x80, the connection
  // stays), so no client ever receives what a device publishes.
  broker.authorizeSubscribe = (_client, _subscription, done) => done(null, null);

  // So a device's publish ends at the pipeline. aedes would go on, after the PUBACK, to route it to
  // subscribers (two topic-tree matches, and a retained copy of every status) that cannot exist:
  // 6% of the server's thread at 30,000 msg/s. Its own messages ($SYS) are routed as before.
  const route = broker.publish.bind(broker) as (packet: unknown, client: unknown, done?: (err?: Error) => void) => void;
  (broker as unknown as { publish: typeof route }).publish = (packet, client, done) => {
    if (client && typeof client === 'object' && sessions.has(client as Client)) {
      done?.();
      return;
    }
    route(packet, client, done);
  };

  broker.authorizePublish = (client, packet, done) => {
    const session = client ? sessions.get(client) : undefined;
    if (!session) return done(new Error('publish not allowed'));
    let channel = session.topics.get(packet.topic);
    if (!channel) {
      // Another spelling of the MAC (colons, capitals) is allowed too; another device's is not.
      const topic = parseDeviceTopic(packet.topic);
      if (!topic || topic.mac !== session.mac) return done(new Error('publish not allowed'));
      channel = topic.channel;
    }
    // Rejected messages (malformed, too large) are acknowledged and dropped: resending cannot fix them.
    pipeline.submitTo(session.mac, channel, packet.payload, (err) => done(err ? new Error('not stored') : null));
  };

  broker.on('clientError', (client, err) => log.debug({ client: client.id, err: err.message }, 'mqtt client error'));

  const server = createServer(broker.handle);
  let port: number;
  try {
    port = await listen(server, deps.port, deps.host);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    port = await listen(server, 0, deps.host);
    log.warn(
      `MQTT port ${deps.port} is in use (another broker?): the embedded broker listens on ${port}. Set MQTT_PORT to choose.`,
    );
  }
  return {
    port,
    /** Devices can connect (readiness). */
    listening: () => server.listening && !broker.closed,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
}
