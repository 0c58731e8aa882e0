/**
 * A bench publisher process: `clients` MQTT devices each keep `inflight` QoS 1 telemetry messages in
 * flight for `durationS` seconds, then print one JSON line: acknowledged count and latencies (ms).
 */
import { compactMac, deviceTopic } from '@rcm/shared/device';
import mqtt from 'mqtt';
import { keyOf, mac } from './bench-db.ts';

const [url = '', clientsArg = '100', perMessageArg = '3', durationArg = '20', authArg = 'device', inflightArg = '1'] =
  process.argv.slice(2);
/** Messages each device keeps in flight (awaiting their PUBACK) at once. */
const inflight = Math.max(1, Number(inflightArg));
const clients = Number(clientsArg);
const perMessage = Number(perMessageArg);
const durationMs = Number(durationArg) * 1000;

function message(i: number, n: number) {
  const points = Array.from({ length: Math.max(0, perMessage - 3) }, (_, p) => ({
    addr: `A.P${p}`,
    value: 30 + ((n + p) % 10),
    unit: 'psig',
    status: 'ok',
  }));
  return JSON.stringify({
    msg_id: `b${i}-${n}`,
    ts: new Date().toISOString(),
    racks: [{ ref: 'A', metrics: { superheat: 8 + (n % 3), liquid_level: 60, oil_pressure: 30 }, points }],
  });
}

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
  const lane = async () => {
    while (Date.now() < stopAt) {
      const started = performance.now();
      try {
        await client.publishAsync(topic, message(i, n++), { qos: 1 });
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
latencies.sort((a, b) => a - b);
const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
const summary = { acked, failed, elapsedMs: Date.now() - started, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(0);
