import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerConsumer } from './mqtt-consumer.ts';
import type { NetWorkerLink } from './safety-net-link.ts';
import type { SafetyNetStats } from './safety-net-protocol.ts';

/**
 * The safety net's recovery in progress, shared by its event handler (safety-net.ts) and `recover`.
 * A new connection, a takeover or stop() supersedes it: the epoch moves on, its waits end.
 */
export type Recovery = {
  epoch: number;
  /** The worker's connection the recovery in progress is for. */
  conn: number;
  /** The pipeline's work for the messages of the recovery in progress. */
  handedOver: Promise<unknown>[];
  marker: { conn: number; arrived: () => void } | null;
  /** Ends the wait of the recovery in progress (a new connection, a takeover, stop()). */
  abandon: (() => void) | null;
};

/** A recovery given up because a newer connection, a takeover or stop() replaced it. */
export class Superseded extends Error {
  constructor() {
    super('safety net: recovery superseded');
  }
}

export function supersede(r: Recovery): void {
  r.epoch += 1;
  r.marker = null;
  r.abandon?.();
  r.abandon = null;
}

/**
 * One recovery (epoch `mine`, on the worker's connection `mineConn`): subscribe again, wait for this
 * instance's shared subscription, then for the net's marker to come back; then for the pipeline's
 * work on what was handed over meanwhile. Logs how it ended; returns early if superseded.
 */
export async function recover(
  deps: {
    r: Recovery;
    stats: SafetyNetStats;
    link: NetWorkerLink;
    consumer: BrokerConsumer;
    log: FastifyBaseLogger;
    clientId: string;
    markerTopic: string;
    warnEveryMs: number;
  },
  mine: number,
  mineConn: number,
): Promise<void> {
  const { r, stats, clientId, markerTopic } = deps;
  const current = () => mine === r.epoch && stats.mode === 'recovery';
  const started = performance.now();
  const before = { recovered: stats.recovered, rescued: stats.rescued };
  // Every wait below also ends when this recovery is superseded: nothing is left pending.
  const superseded = new Promise<never>((_, reject) => {
    r.abandon = () => reject(new Superseded());
  });
  superseded.catch(() => undefined);
  const until = <T>(work: Promise<T>): Promise<T> => Promise.race([work, superseded]);
  let waitingFor = 'the broker to acknowledge its own subscription';
  // Safe either way: until the recovery ends, the net keeps ingesting (duplicates are dropped).
  const nag = setInterval(() => {
    if (current()) deps.log.warn({ clientId, markerTopic, waitingFor }, 'safety net: recovery has not ended yet');
  }, deps.warnEveryMs);
  nag.unref();
  try {
    // The broker restores these with the session; subscribing again also covers a session it lost.
    // (A refusal rejects: "recovery interrupted", with the reason.)
    await until(deps.link.request({ type: 'subscribe', conn: mineConn }));
    if (!current()) return;
    waitingFor = "this instance's shared subscription to be acknowledged (is it refused? see the consumer's log)";
    await until(deps.consumer.confirmSubscribed());
    if (!current()) return;
    const nonce = randomBytes(9).toString('base64url');
    const arrived = new Promise<void>((resolve) => {
      r.marker = { conn: mineConn, arrived: resolve };
    });
    waitingFor = 'its marker (a large backlog, or the ACL refuses the server account this topic)';
    await until(deps.link.request({ type: 'marker', conn: mineConn, nonce }));
    await until(arrived);
  } finally {
    clearInterval(nag);
    if (mine === r.epoch) r.abandon = null;
  }
  const work = r.handedOver;
  r.handedOver = [];
  await Promise.allSettled(work);
  if (mine !== r.epoch) return;
  const done = {
    clientId,
    recovered: stats.recovered - before.recovered,
    rescued: stats.rescued - before.rescued,
    ms: performance.now() - started,
  };
  // Stored first by the net: the shared path had not stored them (yet): a broker restart's window,
  // or the share of an instance that is down or cut off from PostgreSQL. Worth a line.
  if (done.rescued > 0) deps.log.warn(done, 'safety net: recovery finished, stored messages the shared path had not');
  else deps.log.info(done, 'safety net: recovery finished');
}
