import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt, { type IPublishPacket } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../../../test/safety-net.ts';
import { startMosquitto, which } from '../../../test/services.ts';
import { mosquittoPasswordLine } from '../../ops/mosquitto-auth.ts';
import { holdAcks } from './held-acks.ts';

/*
 * Acknowledge-after-commit with a limit of our own on unsettled messages, against a real Mosquitto
 * that is allowed to send far more (the client announces Receive Maximum 1,000).
 */
const enabled = which('mosquitto', ['/usr/sbin']) !== null;
if (!enabled) console.info('held-acks test skipped: mosquitto is not installed');

const USER = 'held-acks';
const PASSWORD = randomBytes(12).toString('hex');
let dir = '';
let broker: Awaited<ReturnType<typeof startMosquitto>> | null = null;

beforeAll(async () => {
  if (!enabled) return;
  dir = mkdtempSync(path.join(tmpdir(), 'rcm-held-acks-'));
  broker = await startMosquitto(dir, {
    passwd: `${mosquittoPasswordLine(USER, PASSWORD)}\n`,
    acl: `user ${USER}\ntopic readwrite held/#\n`,
  });
});

afterAll(async () => {
  await broker?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function connect(clientId: string) {
  return mqtt.connect(`mqtt://127.0.0.1:${broker?.port}`, {
    clientId,
    username: USER,
    password: PASSWORD,
    protocolVersion: 5,
    properties: { receiveMaximum: 1000 },
    reconnectPeriod: 0,
  });
}

it.skipIf(!enabled)('reads no further than `limit` unsettled messages, and on as each settles', async () => {
  const consumer = connect('held-acks-consumer');
  const settle: (() => void)[] = [];
  let stored = 0;
  const hold = holdAcks(consumer, {
    limit: 10,
    stored: () => {
      stored += 1;
    },
  });
  const received: IPublishPacket[] = [];
  consumer.handleMessage = (packet, done) => {
    received.push(packet);
    hold(packet.messageId as number, new Promise<void>((resolve) => settle.push(resolve)));
    done();
  };
  await new Promise((resolve) => consumer.once('connect', resolve));
  await consumer.subscribeAsync('held/#', { qos: 1 });
  const device = connect('held-acks-device');
  await new Promise((resolve) => device.once('connect', resolve));
  const socket = consumer.stream as unknown as { bytesRead: number };
  const before = socket.bytesRead;
  try {
    await Promise.all(Array.from({ length: 100 }, (_, i) => device.publishAsync('held/x', String(i), { qos: 1 })));

    // Every publish has reached the consumer's socket (each is at least 12 bytes on the wire), and
    // mqtt.js hands a parsed packet on within the same turn of the event loop once the previous one
    // is done: after one more turn, whatever was not held would have been handed on.
    await waitFor('the first ten', () => received.length >= 10);
    await waitFor('all hundred at the socket', () => socket.bytesRead - before >= 100 * 12);
    await new Promise((r) => setImmediate(r));
    expect(received).toHaveLength(10);

    // Five settle: five more are read, not one more.
    for (const resolve of settle.splice(0, 5)) resolve();
    await waitFor('five more', () => received.length >= 15);
    await new Promise((r) => setImmediate(r));
    expect(received).toHaveLength(15);
    expect(stored).toBe(5);

    // As each settles, the next is read: all of them arrive, in order, none twice.
    await waitFor('all of them', () => {
      for (const resolve of settle.splice(0)) resolve();
      return received.length === 100;
    });
    expect(received.map((p) => p.payload.toString())).toEqual(Array.from({ length: 100 }, (_, i) => String(i)));
  } finally {
    device.end(true);
    consumer.end(true);
  }
});
