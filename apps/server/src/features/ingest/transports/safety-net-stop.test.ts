import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectNetDevice, idlePipeline, recordingLog, startNetBroker, waitFor } from '../../../test/safety-net.ts';
import { missingBinaries } from '../../../test/services.ts';
import { type BrokerConsumer, startBrokerConsumer } from './mqtt-consumer.ts';
import { startSafetyNet } from './safety-net.ts';

/*
 * The MQTT safety net when its recovery cannot end: a broker that refuses the shared SUBSCRIBE, and
 * stop() while the broker (a private Mosquitto 2.0, restarted) is down. No server, no database.
 */
const enabled = !missingBinaries().includes('mosquitto');
if (!enabled) console.info('safety net stop tests skipped: mosquitto is not installed');

/**
 * A broker that refuses every SUBSCRIBE (MQTT 5 SUBACK, reason 0x87 "not authorized"), as an ACL
 * plugin or EMQX may (the private Mosquitto 2.0.11 grants them all and filters at delivery).
 * Just enough MQTT 5 for mqtt.js: CONNACK, SUBACK, PINGRESP.
 */
async function startRefusingBroker(): Promise<{ port: number; close: () => Promise<void>; subscribes: () => number }> {
  let subscribes = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buf = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        // Fixed header: type byte, remaining length (variable-length integer).
        let len = 0;
        let mult = 1;
        let i = 1;
        for (; i < buf.length && i < 5; i++) {
          len += ((buf[i] as number) & 0x7f) * mult;
          mult *= 128;
          if (((buf[i] as number) & 0x80) === 0) break;
        }
        if (i >= buf.length || buf.length < i + 1 + len) return;
        const type = (buf[0] as number) >> 4;
        const body = buf.subarray(i + 1, i + 1 + len);
        buf = buf.subarray(i + 1 + len);
        if (type === 1) socket.write(Buffer.from([0x20, 3, 0, 0, 0]));
        if (type === 8) {
          subscribes += 1;
          socket.write(Buffer.from([0x90, 4, body[0] as number, body[1] as number, 0, 0x87]));
        }
        if (type === 12) socket.write(Buffer.from([0xd0, 0]));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    subscribes: () => subscribes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
describe.skipIf(!enabled)('MQTT safety net (recovery that cannot end)', () => {
  const dir = enabled ? mkdtempSync(path.join(tmpdir(), 'rcm-net-stop-')) : '';
  let broker: Awaited<ReturnType<typeof startNetBroker>>;
  let device: MqttClient;

  beforeAll(async () => {
    broker = await startNetBroker(dir);
    device = await connectNetDevice(broker.url);
  });

  afterAll(async () => {
    await device?.endAsync(true);
    await broker?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Watches setInterval and clearInterval: the nag timers a net started (found by their period), to see that stop() clears them. */
  function watchIntervals() {
    const set = vi.spyOn(globalThis, 'setInterval');
    const clear = vi.spyOn(globalThis, 'clearInterval');
    return {
      clear,
      nags: (ms: number) =>
        set.mock.calls.flatMap((call, i) => (call[1] === ms ? [set.mock.results[i]?.value as NodeJS.Timeout] : [])),
      restore: () => {
        set.mockRestore();
        clear.mockRestore();
      },
    };
  }

  /** A safety net on the broker, with this consumer and log, that warns every `warnEveryMs` while it recovers. */
  const startNet = (consumer: BrokerConsumer, log: FastifyBaseLogger, shareGroup: string, warnEveryMs: number) =>
    startSafetyNet({
      url: broker.serverUrl,
      pipeline: idlePipeline,
      consumer,
      log,
      shareGroup,
      sessionExpirySeconds: 10,
      warnEveryMs,
    });

  it('a refused shared SUBSCRIBE is logged once per connection; the net waiting for it warns, and stop() leaves no timer', async () => {
    const { log, warnings } = recordingLog();
    const refusing = await startRefusingBroker();
    const consumer = await startBrokerConsumer({
      url: `mqtt://127.0.0.1:${refusing.port}`,
      pipeline: idlePipeline,
      log,
      shareGroup: 'net-refused',
      connections: 1,
    });
    const refusals = () => warnings.filter((w) => w.msg === 'mqtt consumer: shared subscription not granted');
    await waitFor('the refusal to be logged', () => refusals().length > 0);
    const codes = (refusals()[0]?.obj.refused ?? []) as number[];
    expect(codes).toHaveLength(1);
    expect(codes[0]).toBeGreaterThanOrEqual(0x80);

    const timers = watchIntervals();
    try {
      const net = await startNet(consumer, log, 'net-refused', 137);
      await waitFor('the net to warn that it waits for the shared subscription', () =>
        warnings.some(
          (w) =>
            w.msg === 'safety net: recovery has not ended yet' && /shared subscription/.test(String(w.obj.waitingFor)),
        ),
      );
      expect(net.stats().mode).toBe('recovery');
      // The net's confirmSubscribed() made the consumer subscribe again, refused again: not logged again.
      expect(refusing.subscribes()).toBeGreaterThanOrEqual(2);
      expect(refusals()).toHaveLength(1);
      const [nag] = timers.nags(137);
      expect(nag).toBeDefined();
      expect(nag?.hasRef()).toBe(false);
      await net.stop();
      expect(net.stats().mode).toBe('stopped');
      expect(timers.clear).toHaveBeenCalledWith(nag);
    } finally {
      timers.restore();
      await consumer.close();
      await refusing.close();
    }
  });

  it('stop() in the middle of a recovery returns while the broker is down (marker unacknowledged), leaving no timer', async () => {
    const { log } = recordingLog();
    let confirm: () => void = () => undefined;
    let asked = false;
    const consumer = {
      close: async () => undefined,
      connected: () => true,
      confirmSubscribed: () =>
        new Promise<void>((resolve) => {
          asked = true;
          confirm = resolve;
        }),
    };
    const timers = watchIntervals();
    let restarting: Promise<void> | null = null;
    try {
      const net = await startNet(consumer, log, 'net-down', 139);
      await waitFor('the net to ask for the shared subscription', () => asked);
      // The broker goes away; the shared subscription is confirmed meanwhile, so the net publishes
      // its marker (QoS 1), which nobody can acknowledge until the broker is back.
      restarting = broker.restart(6000);
      await waitFor('the broker to be down', () => !device.connected);
      confirm();
      await waitFor('the net to recover its backlog', () => net.stats().mode === 'recovery');
      const outcome = await Promise.race([
        net.stop().then(() => 'stopped'),
        new Promise((r) => setTimeout(() => r('still stopping'), 3000)),
      ]);
      expect(outcome).toBe('stopped');
      const nags = timers.nags(139);
      expect(nags).toHaveLength(1);
      expect(timers.clear).toHaveBeenCalledWith(nags[0]);
    } finally {
      timers.restore();
      await restarting;
      await waitFor('the device to reconnect', () => device.connected);
    }
  });
});
