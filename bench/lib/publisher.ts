/**
 * A bench publisher process: `clients` MQTT devices each keep `inflight` QoS 1 telemetry messages in
 * flight for `durationS` seconds, then print one JSON line: acknowledged count and latencies (ms).
 */
import { compactMac, deviceTopic } from '@rcm/shared/device';
import mqtt from 'mqtt';
import { benchMessage, keyOf, mac, printPublisherSummary } from './bench-db.ts';

const [
  url = '',
  clientsArg = '100',
  perMessageArg = '3',
  durationArg = '20',
  authArg = 'device',
  inflightArg = '1',
  rateArg = '0',
] = process.argv.slice(2);
/** Messages each device keeps in flight (awaiting their PUBACK) at once. */
const inflight = Math.max(1, Number(inflightArg));
const clients = Number(clientsArg);
const perMessage = Number(perMessageArg);
const durationMs = Number(durationArg) * 1000;
/** Messages per second of the whole fleet (0: as fast as PUBACKs come back). Each device paces its own share. */
const rate = Number(rateArg);
const intervalMs = rate > 0 ? (clients * 1000) / rate : 0;

const message = (i: number, n: number) => benchMessage(i, n, perMessage);

const latencies: number[] = [];
let acked = 0;
let failed = 0;
const stopAt = Date.now() + durationMs;

async function device(i: number): Promise<void> {
  const m = mac(i);
  const client = mqtt.connect(url, {
    clientId: authArg === 'device' ? compactMac(m) : `bench-${i}`,
    // The compact MAC: Mosquitto's user names cannot hold colons; the embedded broker takes either.
    username: authArg === 'device' ? compactMac(m) : undefined,
    password: authArg === 'device' ? keyOf(i) : undefined,
    reconnectPeriod: 500,
    connectTimeout: 30_000,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  const topic = deviceTopic(m, 'telemetry');
  let n = 0;
  // Devices start spread over one interval, so a paced fleet does not publish in bursts.
  const t0 = performance.now() + (intervalMs * i) / clients;
  const lane = async () => {
    while (Date.now() < stopAt) {
      const k = n++;
      if (intervalMs > 0) {
        const wait = t0 + k * intervalMs - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (Date.now() >= stopAt) break;
      }
      const started = performance.now();
      try {
        await client.publishAsync(topic, message(i, k), { qos: 1 });
        latencies.push(performance.now() - started);
        acked += 1;
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: inflight }, lane));
  await client.endAsync();
}

const started = Date.now();
await Promise.all(Array.from({ length: clients }, (_, i) => device(i)));
printPublisherSummary(acked, failed, started, latencies);
