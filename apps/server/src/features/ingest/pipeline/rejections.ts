import type { DeviceChannel, DeviceRejectProblem } from '@rcm/shared/device';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Rejected, RejectReason } from './parse.ts';
import { createRejectionsRepo, type RejectionTally } from './rejections-repo.ts';
import type { SubmitResult } from './submit-result.ts';

/** How long refusals are gathered in memory before they are written (one statement for all controllers). */
const WRITE_EVERY_MS = 2000;

/**
 * Counts the messages ingest refuses, per controller, in memory, and writes the counts a moment later
 * in one statement: a device sending nothing but bad messages costs one write every two seconds,
 * whatever its rate, and a good message costs nothing (it never comes here).
 */
export function createRejectionCounter(deps: { db: Db; log: FastifyBaseLogger; now: () => Date; everyMs?: number }) {
  const repo = createRejectionsRepo(deps.db);
  let tallies = new Map<string, RejectionTally>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  function write(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (tallies.size === 0) return writing;
    const batch = [...tallies.values()];
    tallies = new Map();
    // One write after another: the counts add up in order, and the last refusal stays the latest.
    writing = writing.then(() =>
      repo.add(batch).then(
        () => undefined,
        (err: unknown) => deps.log.warn({ err, controllers: batch.length }, 'refused device messages not counted'),
      ),
    );
    return writing;
  }

  return {
    count(
      mac: string,
      refusal: {
        channel: DeviceChannel;
        reason: 'malformed' | 'too_large';
        problem?: DeviceRejectProblem;
        field?: string | null;
      },
    ): void {
      const at = deps.now();
      const tally = tallies.get(mac);
      if (tally) {
        tally.count += 1;
        tally.at = at;
        tally.channel = refusal.channel;
        tally.reason = refusal.reason;
        tally.problem = refusal.problem ?? null;
        tally.field = refusal.field ?? null;
      } else {
        tallies.set(mac, {
          mac,
          count: 1,
          at,
          channel: refusal.channel,
          reason: refusal.reason,
          problem: refusal.problem ?? null,
          field: refusal.field ?? null,
        });
      }
      if (!timer) {
        timer = setTimeout(() => void write(), deps.everyMs ?? WRITE_EVERY_MS);
        timer.unref();
      }
    },

    /** Writes what is counted now (the pipeline's flush and close). */
    write,
  };
}

export type RejectionCounter = ReturnType<typeof createRejectionCounter>;

/**
 * The pipeline's answer to a refused message: counted by reason (`counts`, the pipeline's stats), a
 * known controller's malformed or oversized messages counted on its page (`createRejectionCounter`),
 * and logged once per device and reason (a misbehaving device must not flood the log).
 */
export function createRejecter(deps: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  counts: Record<RejectReason, number>;
}) {
  const refusals = createRejectionCounter(deps);
  const logged = new Set<string>();
  return {
    reject(mac: string, reason: RejectReason, channel?: DeviceChannel, detail?: Rejected): SubmitResult {
      deps.counts[reason] += 1;
      if (channel && (reason === 'malformed' || reason === 'too_large'))
        refusals.count(mac, { channel, reason, problem: detail?.problem, field: detail?.field });
      if (!logged.has(`${mac}|${reason}`)) {
        logged.add(`${mac}|${reason}`);
        deps.log.warn({ mac, reason }, 'device message rejected');
      }
      return { ok: false, reason };
    },
    /** Writes the counts gathered so far (the pipeline's flush). */
    write: refusals.write,
  };
}
