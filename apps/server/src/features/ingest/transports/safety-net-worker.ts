import { parentPort, workerData } from 'node:worker_threads';
import mqtt, { type IDisconnectPacket, type IPublishPacket } from 'mqtt';
import { holdAcks } from './held-acks.ts';
import type { HandedOver, NetCommand, NetEvent, NetWorkerData } from './safety-net-protocol.ts';

/**
 * The safety net's MQTT connection, on a thread of its own (safety-net.ts says what the net is).
 *
 * In normal operation the net acknowledges every device message unread. On the server's event loop
 * it fell behind whenever ingest saturated that loop; Mosquitto's queue for it then grew without
 * bound, and a sustained overload that the shared path alone absorbs became a loss. Here the
 * connection is served by an event loop that does nothing else. In recovery the messages go to the
 * server thread, in batches and in order, and each PUBACK waits for the server's word that its
 * batch committed.
 */
const data = workerData as NetWorkerData;
if (!parentPort) throw new Error('safety-net-worker runs as a worker thread');
const port = parentPort;

let mode: 'recovery' | 'normal' | 'halted' = 'recovery';
let conn = 0;
let connectedOnce = false;
let expected: string | null = null;
let acknowledged = 0;
let reported = 0;
let nextId = 0;
const outcome = new Map<number, { ok: () => void; failed: (err: Error) => void }>();
let outbox: HandedOver[] = [];
let flushQueued = false;

/** Handed-over messages first: every event is in order after the messages before it. */
const post = (event: NetEvent) => {
  flushOutbox();
  port.postMessage(event);
};
function flushOutbox() {
  if (outbox.length === 0) return;
  const batch = outbox;
  outbox = [];
  port.postMessage({ type: 'messages', conn, batch } satisfies NetEvent);
}

const RECONNECT_MS = 250;
// Reconnects are this thread's own (mqtt.js's are off): after an accepted connection closes, the
// server thread first decides whether another net took the session (then this one ends instead of
// taking it back once more) and answers `reconnect` or `end`.
const client = mqtt.connect(data.url, {
  clientId: data.clientId,
  clean: false,
  protocolVersion: 5,
  properties: { sessionExpiryInterval: data.sessionExpirySeconds, receiveMaximum: data.receiveMaximum },
  reconnectPeriod: 0,
});
let ending = false;
let reconnectTimer: NodeJS.Timeout | undefined;
const reconnectSoon = () => {
  clearTimeout(reconnectTimer);
  reconnectTimer = setTimeout(() => {
    if (ending || client.connected) return;
    // The stores are kept: the marker's unacknowledged publish goes out again on the new connection.
    client.reconnect({ incomingStore: client.incomingStore, outgoingStore: client.outgoingStore });
  }, RECONNECT_MS);
};
// At most Receive Maximum messages handed over and not yet settled, whatever the broker sends.
const hold = holdAcks(client, { limit: data.receiveMaximum });

client.handleMessage = (packet: IPublishPacket, done) => {
  if (packet.topic === data.markerTopic) {
    // Halted: acknowledged, but the net does not go back to acknowledging devices' messages unread.
    if (mode !== 'halted' && expected !== null && packet.payload.toString() === expected) {
      // Everything queued before the marker has been handed over (in order): ack-only from the
      // next message on.
      expected = null;
      mode = 'normal';
      post({ type: 'normal', conn });
    }
    return done();
  }
  // Halted: neither handed over nor acknowledged; the session keeps it for the next holder (the
  // connection is about to be force-closed, and mqtt.js reads no further packet meanwhile).
  if (mode === 'halted') return;
  if (mode === 'normal') {
    acknowledged += 1;
    return done();
  }
  const id = ++nextId;
  const work = new Promise<void>((ok, failed) => outcome.set(id, { ok, failed }));
  const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
  outbox.push({ id, topic: packet.topic, payload });
  if (!flushQueued) {
    flushQueued = true;
    setImmediate(() => {
      flushQueued = false;
      flushOutbox();
    });
  }
  if (packet.qos > 0 && packet.messageId !== undefined) hold(packet.messageId, work);
  else work.catch(() => {});
  done();
};

/** This connection got its CONNACK (only such a connection can be taken over). */
let established = false;
client.on('connect', () => {
  // What the previous connection handed over goes out tagged with that connection.
  flushOutbox();
  conn += 1;
  established = true;
  connectedOnce = true;
  expected = null;
  // Handed over on an earlier connection: whatever the server says, that PUBACK is gone with it.
  if (mode !== 'halted') mode = 'recovery';
  post({ type: 'connect', conn });
});
client.on('disconnect', (packet: IDisconnectPacket) => post({ type: 'disconnect', reasonCode: packet.reasonCode }));
/** The broker answered the last attempt with a refusal (a CONNACK reason code): no retry, as mqtt.js does. */
let refused = false;
client.on('close', () => {
  post({ type: 'close', established });
  // An attempt that failed before the broker answered: try again. An accepted connection: the
  // server thread answers.
  if (!established && !refused) reconnectSoon();
  established = false;
  refused = false;
});
client.on('error', (err) => {
  if (!established && typeof (err as { code?: unknown }).code === 'number') refused = true;
  post({ type: 'error', message: err.message, first: !connectedOnce });
});

setInterval(() => {
  if (acknowledged === reported) return;
  reported = acknowledged;
  port.postMessage({ type: 'acknowledged', total: acknowledged } satisfies NetEvent);
}, 50);

const reply = (id: number, work: Promise<unknown>) =>
  work.then(
    () => port.postMessage({ type: 'reply', id } satisfies NetEvent),
    (err: Error) => port.postMessage({ type: 'reply', id, error: err.message } satisfies NetEvent),
  );

port.on('message', (command: NetCommand) => {
  switch (command.type) {
    case 'acks':
      for (const id of command.ok) {
        outcome.get(id)?.ok();
        outcome.delete(id);
      }
      for (const id of command.failed) {
        outcome.get(id)?.failed(new Error('not stored'));
        outcome.delete(id);
      }
      return;
    case 'subscribe':
      if (command.conn !== conn) return reply(command.id, Promise.reject(new Error('superseded')));
      return reply(
        command.id,
        client.subscribeAsync({
          ...Object.fromEntries(data.deviceFilters.map((f) => [f, { qos: 1 }])),
          [data.markerTopic]: { qos: 1 },
          resubscribe: true,
        } as unknown as string),
      );
    case 'marker':
      if (command.conn !== conn) return reply(command.id, Promise.reject(new Error('superseded')));
      expected = command.nonce;
      return reply(command.id, client.publishAsync(data.markerTopic, command.nonce, { qos: 1 }));
    case 'reconnect':
      reconnectSoon();
      return;
    case 'halt':
      mode = 'halted';
      return;
    case 'end':
      mode = 'halted';
      ending = true;
      clearTimeout(reconnectTimer);
      // Forced: a graceful end waits for every unacknowledged QoS 1 publish (the marker, kept across
      // reconnects), i.e. forever while the broker is down. The PUBACKs of committed work are
      // written first (the server sent their acks before this).
      setImmediate(() => {
        client.end(true, () => post({ type: 'ended' }));
      });
      return;
  }
});
