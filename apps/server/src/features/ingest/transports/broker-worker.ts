import { createServer, type Server } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { compactMac, DEVICE_CHANNELS, deviceTopic, normalizeMac, parseDeviceTopic } from '@rcm/shared/device';
import { childKey, gatewayTopic, parseBirthTopic, parseChildTopic } from '@rcm/shared/gateway';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import {
  type BrokerCommand,
  type BrokerEvent,
  type BrokerWorkerData,
  INGEST_CHANNELS,
  type IngestChannel,
} from './broker-protocol.ts';

/**
 * The embedded MQTT broker (aedes) on a thread of its own (mqtt-broker.ts says why). Here: the
 * devices' sockets, MQTT parsing, the topic ACL and the PUBACK writes. Credentials are checked, and
 * every publish is stored, by the server thread; a publish's PUBACK waits for its word.
 */
const data = workerData as BrokerWorkerData;
if (!parentPort) throw new Error('broker-worker runs as a worker thread');
const port = parentPort;
const post = (event: BrokerEvent, transfer: ArrayBuffer[] = []) => port.postMessage(event, transfer);

type Session = {
  mac: string;
  /** The device's own topics in the usual spelling: most publishes are checked by one lookup. */
  topics: Map<string, IngestChannel>;
};

const CHANNEL_INDEX = new Map(INGEST_CHANNELS.map((c, i) => [c, i]));

/**
 * A publish outside a session's usual topics: another spelling of its own MAC (colons, capitals), or,
 * for a store gateway, its children's topics `rcm/v1/{gw}/dev/{child}/…` (as `{gateway MAC}/{child}`).
 * Another device's topic answers null.
 */
function ownTopic(session: Session, topic: string): { key: string; channel: IngestChannel } | null {
  const own = parseDeviceTopic(topic);
  if (own) return own.mac === session.mac ? { key: own.mac, channel: own.channel } : null;
  const child = parseChildTopic(topic);
  if (child)
    return child.mac === session.mac ? { key: childKey(child.mac, child.child), channel: child.channel } : null;
  return parseBirthTopic(topic) === session.mac ? { key: session.mac, channel: 'birth' } : null;
}

function authError(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

function listen(server: Server, at: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(at, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : at);
    });
  });
}

const broker = await Aedes.createBroker({ heartbeatInterval: 60_000, connectTimeout: 30_000 });
const sessions = new WeakMap<Client, Session>();
/** Ids for auth requests and held publishes; a held publish waits far less than a wrap takes. */
let nextId = 0;
const newId = () => {
  nextId = nextId >= 0x7fffffff ? 1 : nextId + 1;
  return nextId;
};
const authWaits = new Map<number, (verdict: Extract<BrokerCommand, { type: 'auth' }>['verdict']) => void>();
const held = new Map<number, (err: Error | null) => void>();

broker.authenticate = (client, username, password, done) => {
  const mac = normalizeMac(username ?? '');
  if (!mac || client.id !== compactMac(mac)) return done(authError(2, 'client id must be the MAC'), false);
  const id = newId();
  authWaits.set(id, (verdict) => {
    if (verdict === 'unavailable') return done(authError(3, 'server unavailable'), false);
    if (verdict === 'refused') return done(authError(4, 'bad credentials'), false);
    // A device, or a new one that may only announce itself (its messages become nothing until it is authorized).
    const topics = new Map<string, IngestChannel>(DEVICE_CHANNELS.map((c) => [deviceTopic(mac, c), c]));
    topics.set(gatewayTopic(mac, 'birth'), 'birth');
    sessions.set(client, { mac, topics });
    done(null, true);
  });
  post({ type: 'auth', id, mac, password: password?.toString() ?? '' });
};

// The device protocol has no downlink: a subscription is refused (SUBACK 0x80, the connection
// stays), so no client ever receives what a device publishes.
broker.authorizeSubscribe = (_client, _subscription, done) => done(null, null);

// So a device's publish ends at the server. aedes would go on, after the PUBACK, to route it to
// subscribers (two topic-tree matches, and a retained copy of every status) that cannot exist:
// 6% of the thread at 30,000 msg/s. Its own messages ($SYS) are routed as before.
const route = broker.publish.bind(broker) as (packet: unknown, client: unknown, done?: (err?: Error) => void) => void;
(broker as unknown as { publish: typeof route }).publish = (packet, client, done) => {
  if (client && typeof client === 'object' && sessions.has(client as Client)) {
    done?.();
    return;
  }
  route(packet, client, done);
};

/** Publishes since the last batch went to the server thread (one message per event-loop turn). */
let batch = { ids: [] as number[], macs: [] as string[], channels: [] as number[], payloads: [] as Buffer[], size: 0 };
let batchQueued = false;
function sendBatch(): void {
  batchQueued = false;
  const { ids, macs, channels, payloads, size } = batch;
  if (ids.length === 0) return;
  batch = { ids: [], macs: [], channels: [], payloads: [], size: 0 };
  // A buffer of its own (small Buffers share a pool), handed over without a copy.
  const bytes = new Uint8Array(size);
  const ends = new Int32Array(ids.length);
  let at = 0;
  payloads.forEach((p, i) => {
    bytes.set(p, at);
    at += p.length;
    ends[i] = at;
  });
  post(
    {
      type: 'publishes',
      ids: Int32Array.from(ids),
      macs,
      channels: Uint8Array.from(channels),
      ends,
      payload: bytes.buffer,
    },
    [bytes.buffer],
  );
}

/**
 * The server is stopping: nothing more is taken in. This drops the last wills aedes publishes as it
 * closes every connection: the devices did not go offline, the server went away, and they come back
 * online as soon as they reconnect (to this instance restarted, or another).
 */
let stopping = false;

broker.authorizePublish = (client, packet, done) => {
  if (stopping) return done(new Error('server stopping'));
  const session = client ? sessions.get(client) : undefined;
  if (!session) return done(new Error('publish not allowed'));
  let channel = session.topics.get(packet.topic);
  let key = session.mac;
  if (!channel) {
    const own = ownTopic(session, packet.topic);
    if (!own) return done(new Error('publish not allowed'));
    channel = own.channel;
    key = own.key;
  }
  const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
  const id = newId();
  held.set(id, done);
  batch.ids.push(id);
  batch.macs.push(key);
  batch.channels.push(CHANNEL_INDEX.get(channel) as number);
  batch.payloads.push(payload);
  batch.size += payload.length;
  if (!batchQueued) {
    batchQueued = true;
    setImmediate(sendBatch);
  }
};

broker.on('clientError', (client, err) => post({ type: 'clientError', client: client.id, message: err.message }));
// The device protocol is MQTT 3.1.1: aedes answers any other version's CONNECT with return code 1.
broker.on('connectionError', (client, err) => {
  if ((err as Error & { errorCode?: number }).errorCode !== 1) return;
  const remote = (client as Client & { conn?: { remoteAddress?: string } }).conn?.remoteAddress;
  post({ type: 'protocolRefused', ...(remote ? { remote } : {}) });
});

const server = createServer(broker.handle);
let fallback = false;
let listeningOn = 0;
try {
  try {
    listeningOn = await listen(server, data.port, data.host);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || !data.anyPortIfTaken) throw err;
    fallback = true;
    listeningOn = await listen(server, 0, data.host);
  }
} catch (err) {
  // The start fails with this; the thread then ends by itself (nothing else holds it).
  post({ type: 'failed', message: (err as Error).message, code: (err as NodeJS.ErrnoException).code });
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  port.close();
  process.exit(1);
}
// A failed accept (EMFILE, say) must not end the thread: logged, and the server goes on listening.
server.on('error', (err) => post({ type: 'clientError', message: err.message }));

port.on('message', (command: BrokerCommand) => {
  switch (command.type) {
    case 'auth': {
      const answer = authWaits.get(command.id);
      authWaits.delete(command.id);
      answer?.(command.verdict);
      break;
    }
    case 'acks': {
      for (const id of command.ok) {
        const done = held.get(id);
        held.delete(id);
        done?.(null);
      }
      // Not stored: the error closes the device's connection without a PUBACK, so it sends again.
      for (const id of command.failed) {
        const done = held.get(id);
        held.delete(id);
        done?.(new Error('not stored'));
      }
      break;
    }
    case 'end': {
      // Its key was revoked: it must sign in again, and the new sign-in is checked against the new key.
      const client = (broker as unknown as { clients: Record<string, Client | undefined> }).clients[
        compactMac(command.mac)
      ];
      client?.close();
      break;
    }
    case 'close':
      stopping = true;
      broker.close(() =>
        server.close(() => {
          post({ type: 'closed' });
          port.close();
        }),
      );
      break;
  }
});

post({ type: 'listening', port: listeningOn, fallback });
