/**
 * A lean bench publisher process, the default of bench:ingest: the same devices, messages and
 * output as `publisher.ts` (mqtt.js), written with plain TCP sockets and hand-built MQTT 3.1.1
 * packets. Each device connects with its MAC and key, keeps `inflight` QoS 1 PUBLISHes awaiting their
 * PUBACK, and sends the replacements for all PUBACKs that arrived together in one write. Why: mqtt.js
 * spent about 27 µs of CPU per message here (a promise, a store entry and a socket write each), a
 * quarter of this 2-core machine at 16,000 messages/s, which the server and PostgreSQL could not use.
 *
 * Output (one JSON line): acknowledged count, failures and publish→PUBACK latencies (ms).
 */
import net from 'node:net';
import { compactMac, deviceTopic } from '@rcm/shared/device';
import { benchMessage, keyOf, mac, printPublisherSummary, publisherArgs } from './bench-db.ts';

const { url, clients, perMessage, durationMs, authenticate, inflight, intervalMs } = publisherArgs(
  process.argv.slice(2),
);
const target = new URL(url);

const message = (i: number, n: number) => benchMessage(i, n, perMessage);

/** MQTT's variable-length "remaining length". */
function remainingLength(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
}

function str(s: string): Buffer {
  const b = Buffer.from(s, 'utf8');
  const len = Buffer.alloc(2);
  len.writeUInt16BE(b.length);
  return Buffer.concat([len, b]);
}

function connectPacket(clientId: string, username?: string, password?: string): Buffer {
  const flags = 0x02 | (username ? 0x80 : 0) | (password ? 0x40 : 0); // clean session
  const body = Buffer.concat([
    str('MQTT'),
    Buffer.from([4, flags, 0, 60]), // protocol level 4 (3.1.1), keepalive 60 s
    str(clientId),
    ...(username ? [str(username)] : []),
    ...(password ? [str(password)] : []),
  ]);
  return Buffer.concat([Buffer.from([0x10, ...remainingLength(body.length)]), body]);
}

function publishPacket(topic: Buffer, messageId: number, payload: string): Buffer {
  const data = Buffer.from(payload, 'utf8');
  const header = remainingLength(topic.length + 2 + data.length);
  const packet = Buffer.allocUnsafe(1 + header.length + topic.length + 2 + data.length);
  let o = 0;
  packet[o++] = 0x32; // PUBLISH, QoS 1
  for (const b of header) packet[o++] = b;
  o += topic.copy(packet, o);
  packet.writeUInt16BE(messageId, o);
  data.copy(packet, o + 2);
  return packet;
}

const latencies: number[] = [];
let acked = 0;
let failed = 0;
const stopAt = Date.now() + durationMs;

function device(i: number): Promise<void> {
  const m = mac(i);
  const topic = str(deviceTopic(m, 'telemetry'));
  const socket = net.connect({ host: target.hostname, port: Number(target.port || 1883) });
  socket.setNoDelay(true);
  const sentAt = new Map<number, number>();
  let n = 0;
  let nextId = 1;
  let pending: Buffer = Buffer.alloc(0);
  let connected = false;

  // Devices start spread over one interval, so a paced fleet does not publish in bursts.
  const t0 = performance.now() + (intervalMs * i) / clients;
  let timer: NodeJS.Timeout | null = null;
  let finish = () => {};

  /** Up to `count` PUBLISHes: with a rate, only those whose time has come (a timer sends the rest). */
  const publishes = (count: number): Buffer[] => {
    const out: Buffer[] = [];
    if (intervalMs > 0) {
      const due = Math.floor((performance.now() - t0) / intervalMs) + 1 - n;
      if (due < count && !timer && Date.now() < stopAt) {
        timer = setTimeout(
          () => {
            timer = null;
            const room = inflight - sentAt.size;
            const next = room > 0 ? publishes(room) : [];
            if (next.length) socket.write(next.length === 1 ? (next[0] as Buffer) : Buffer.concat(next));
            if (sentAt.size === 0 && !timer) finish();
          },
          Math.max(1, t0 + (n + Math.max(0, due)) * intervalMs - performance.now()),
        );
      }
      count = Math.max(0, Math.min(count, due));
    }
    for (let k = 0; k < count && Date.now() < stopAt; k++) {
      const id = nextId;
      nextId = nextId === 0xffff ? 1 : nextId + 1;
      sentAt.set(id, performance.now());
      out.push(publishPacket(topic, id, message(i, n++)));
    }
    return out;
  };

  return new Promise<void>((resolve) => {
    finish = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      failed += sentAt.size;
      sentAt.clear();
      socket.destroy();
      resolve();
    };
    socket.on('connect', () => {
      socket.write(authenticate ? connectPacket(compactMac(m), compactMac(m), keyOf(i)) : connectPacket(`bench-${i}`));
    });
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let o = 0;
      let done = 0;
      // Everything the server sends here is 4 bytes long: CONNACK (0x20) and PUBACK (0x40).
      while (pending.length - o >= 4) {
        const type = pending[o] as number;
        if (type === 0x20) {
          if (pending[o + 3] !== 0) {
            process.stderr.write(`device ${i}: connection refused (${pending[o + 3]})\n`);
            return finish();
          }
          connected = true;
        } else if (type === 0x40) {
          const id = pending.readUInt16BE(o + 2);
          const started = sentAt.get(id);
          if (started !== undefined) {
            sentAt.delete(id);
            latencies.push(performance.now() - started);
            acked += 1;
            done += 1;
          }
        } else {
          process.stderr.write(`device ${i}: unexpected packet 0x${type.toString(16)}\n`);
          return finish();
        }
        o += 4;
      }
      pending = pending.subarray(o);
      if (connected && sentAt.size === 0 && done === 0 && !timer) {
        // Just connected: fill the window.
        const first = publishes(inflight);
        if (first.length) socket.write(first.length === 1 ? (first[0] as Buffer) : Buffer.concat(first));
        else if (!timer) finish();
        return;
      }
      if (done > 0) {
        const next = publishes(inflight - sentAt.size);
        if (next.length) socket.write(next.length === 1 ? (next[0] as Buffer) : Buffer.concat(next));
        // Nothing in flight and nothing scheduled: the run is over for this device.
        if (sentAt.size === 0 && !timer) finish();
      }
    });
    socket.on('error', () => finish());
    socket.on('close', () => finish());
  });
}

const started = Date.now();
await Promise.all(Array.from({ length: clients }, (_, i) => device(i)));
printPublisherSummary(acked, failed, started, latencies);
