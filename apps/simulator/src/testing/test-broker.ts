import { type AddressInfo, createServer, type Socket } from 'node:net';
import { Aedes, type AuthErrorCode, type AuthenticateError } from 'aedes';
import { EventLog } from './wait-for.ts';

export type BrokerMessage = { topic: string; payload: string; retain: boolean; qos: number; clientId: string | null };
export type BrokerLogin = { clientId: string; username: string | undefined; accepted: boolean };

export type TestBroker = {
  url: string;
  messages: EventLog<BrokerMessage>;
  logins: EventLog<BrokerLogin>;
  disconnects: EventLog<string>;
  /** While set, matching publishes wait in `authorizePublish`, which aedes answers before its PUBACK. */
  holdPublishes(match: ((topic: string) => boolean) | null): void;
  held: EventLog<{ topic: string; release: () => void }>;
  /** While true every CONNECT is answered "server unavailable" (return code 3), as a server low on disk does. */
  refuseAll(refusing: boolean): void;
  /** Cuts every client's connection (a broker restart, as the clients see it). */
  dropAll(): void;
  connectedClients(): number;
  close(): Promise<void>;
};

/** A real MQTT broker (aedes) on a free port, accepting exactly the given username → password pairs. */
export async function startTestBroker(credentials: ReadonlyMap<string, string>): Promise<TestBroker> {
  const messages = new EventLog<BrokerMessage>();
  const logins = new EventLog<BrokerLogin>();
  const disconnects = new EventLog<string>();
  const held = new EventLog<{ topic: string; release: () => void }>();
  let hold: ((topic: string) => boolean) | null = null;
  let refusing = false;

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const accepted = !refusing && username !== undefined && credentials.get(username) === password?.toString();
      logins.push({ clientId: client.id, username, accepted });
      if (accepted) return done(null, true);
      const err: AuthenticateError = refusing
        ? Object.assign(new Error('server unavailable'), { returnCode: 3 as AuthErrorCode })
        : Object.assign(new Error('bad username or password'), { returnCode: 4 as AuthErrorCode });
      done(err, null);
    },
    authorizePublish(_client, packet, callback) {
      if (hold?.(packet.topic)) held.push({ topic: packet.topic, release: () => callback(null) });
      else callback(null);
    },
  });
  broker.on('publish', (packet, client) => {
    if (packet.topic.startsWith('$SYS/')) return;
    messages.push({
      topic: packet.topic,
      payload: packet.payload.toString(),
      retain: packet.retain,
      qos: packet.qos,
      clientId: client?.id ?? null,
    });
  });
  broker.on('clientDisconnect', (client) => disconnects.push(client.id));

  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `mqtt://127.0.0.1:${port}`,
    messages,
    logins,
    disconnects,
    held,
    holdPublishes(match) {
      hold = match;
    },
    refuseAll(value) {
      refusing = value;
    },
    dropAll() {
      for (const socket of sockets) socket.destroy();
    },
    connectedClients: () => broker.connectedClients,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
