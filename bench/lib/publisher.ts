/**
 * A bench publisher process: `clients` MQTT devices each keep `inflight` QoS 1 telemetry messages in
 * flight for `durationS` seconds, then print one JSON line: acknowledged count and latencies (ms).
 */
import { compactMac, deviceTopic } from '@rcm/shared/device';
import mqtt from 'mqtt';
import { benchMessage, keyOf, mac, printPublisherSummary, publisherArgs } from './bench-db.ts';

const { url, clients, perMessage, durationMs, authenticate, inflight, intervalMs } = publisherArgs(
  process.argv.slice(2),
);

const message = (i: number, n: number) => benchMessage(i, n, perMessage);

const latencies: number[] = [];
let acked = 0;
let failed = 0;
const stopAt = Date.now() + durationMs;

async function device(i: number): Promise<void> {
  const m = mac(i);
  const client = mqtt.connect(url, {
    clientId: authenticate ? compactMac(m) : `bench-${i}`,
    // The compact MAC: Mosquitto's user names cannot hold colons; the embedded broker takes either.
    username: authenticate ? compactMac(m) : undefined,
    password: authenticate ? keyOf(i) : undefined,
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
