import mqtt from 'mqtt';

/** Reads the broker's $SYS counters (a Mosquitto of the bench's own). */
export const BENCH_SYS_USER = 'rcm-bench-sys';

/** --pg-stop: when PostgreSQL was started again, and when the stored messages had caught up with the broker after it. */
export type PgRecovery = { backAt: number | null; caughtUpAt: number | null };

/**
 * With a Mosquitto of its own: every second, how many messages the broker had received that the
 * safety net's connection had not, and that were not stored yet (the net's count comes from its
 * worker every 50 ms; the broker's also counts the net's marker); and the broker's own counters:
 * dropped messages, and the most it held (with its heap then). Marks when the stored messages caught
 * up after PostgreSQL came back (`pgRecovery`).
 */
export async function sampleBroker(opts: {
  port: number;
  password: string;
  /** The safety net's counts, when it runs. */
  net: () => { acknowledged: number; recovered: number } | undefined;
  /** Messages the pipeline stored. */
  stored: () => number;
  /** The fleet's pace (msg/s; 0 when unpaced): "caught up" is within a second's worth of it. */
  rate: number;
  pgRecovery: PgRecovery;
}) {
  const behind = { net: 0, stored: 0 };
  const brokerSys = { dropped: 0, stored: 0, heap: 0, peakStored: 0, heapAtPeak: 0 };
  const sampler = await mqtt.connectAsync(`mqtt://127.0.0.1:${opts.port}`, {
    username: BENCH_SYS_USER,
    password: opts.password,
  });
  sampler.on('message', (topic, payload) => {
    const value = Number(payload.toString());
    if (topic.endsWith('/dropped')) brokerSys.dropped = value;
    else if (topic.endsWith('/heap/current')) brokerSys.heap = value;
    else if (topic.endsWith('/store/messages/count')) {
      brokerSys.stored = value;
      if (value > brokerSys.peakStored) {
        brokerSys.peakStored = value;
        brokerSys.heapAtPeak = brokerSys.heap;
      }
    }
    if (!topic.endsWith('/messages/received')) return;
    const received = value;
    const net = opts.net();
    if (net) behind.net = Math.max(behind.net, received - net.acknowledged - net.recovered);
    const stored = opts.stored();
    behind.stored = Math.max(behind.stored, received - stored);
    // Caught up: within a second's worth of messages of what the broker received (the sample's own lag).
    const { pgRecovery } = opts;
    if (
      pgRecovery.backAt !== null &&
      pgRecovery.caughtUpAt === null &&
      received - stored <= Math.max(1000, opts.rate)
    ) {
      pgRecovery.caughtUpAt = Date.now();
    }
  });
  await sampler.subscribeAsync([
    '$SYS/broker/publish/messages/received',
    '$SYS/broker/publish/messages/dropped',
    '$SYS/broker/store/messages/count',
    '$SYS/broker/heap/current',
  ]);
  return { behind, brokerSys, end: () => sampler.endAsync() };
}
