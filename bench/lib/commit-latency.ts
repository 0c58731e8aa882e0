import type { IngestPipeline } from '../../apps/server/src/features/ingest/pipeline/pipeline.ts';
import { percentile } from './bench-db.ts';

// Publish → commit as the server sees it, whatever the broker: from the message's `ts` (stamped by
// the device process when it built the message, on this machine's clock, in milliseconds) to its
// batch's commit. With Mosquitto, whose PUBACK the devices get at once, it is the only
// publish-to-commit figure there is.
// "Steady" leaves out the messages committed in the first WARMUP_MS: each controller's first message
// creates its rack and point rows (40,000 point rows for 400 snapshot devices) and the code is still
// being compiled, which a fleet pays once, not every second (--timeline shows it: the first second's
// p95 is several times the rest's).
export const WARMUP_MS = 3000;

/**
 * Records the publish→commit latency of every telemetry message the pipeline commits: all of them,
 * the steady ones, and (with `timeline`) per second of the run. `publishStarted` is read at each
 * commit (the devices start after this is set up).
 */
export function trackCommits(
  pipeline: Pick<IngestPipeline, 'onCommitted'>,
  opts: { durationMs: number; timeline: boolean; publishStarted: () => number },
) {
  const committed: number[] = [];
  const steady: number[] = [];
  /** Messages committed after the warm-up and before the devices stop: the steady rate. */
  let steadyMessages = 0;
  /** Per second of the run (--timeline): the commit latencies of the messages committed in it. */
  const timeline: number[][] = [];
  pipeline.onCommitted((batch) => {
    const now = Date.now();
    const publishStarted = opts.publishStarted();
    let second: number[] | null = null;
    if (opts.timeline) {
      const at = Math.floor((now - publishStarted) / 1000);
      second = timeline[at] ?? [];
      timeline[at] = second;
    }
    const warm = now - publishStarted >= WARMUP_MS;
    const beforeStop = now - publishStarted < opts.durationMs;
    for (const { item } of batch) {
      if (item.channel !== 'telemetry') continue;
      const ms = now - Date.parse(item.message.ts);
      committed.push(ms);
      if (warm) steady.push(ms);
      if (warm && beforeStop) steadyMessages += 1;
      second?.push(ms);
    }
  });
  return { committed, steady, timeline, steadyMessages: () => steadyMessages };
}

/** Per second of the run: the messages committed and their publish→commit p50/p95/max. */
export function printTimeline(timeline: number[][]): void {
  console.table(
    timeline.map((ms = []) => {
      ms.sort((a, b) => a - b);
      return { messages: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms.at(-1) ?? 0 };
    }),
  );
}
