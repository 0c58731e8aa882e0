import type { FastifyBaseLogger } from 'fastify';
import type { IngestPipeline } from '../features/ingest/pipeline/pipeline.ts';
import type { BrokerConsumer } from '../features/ingest/transports/mqtt-consumer.ts';

/** What the safety net's tests (features/ingest/transports/safety-net*.test.ts) share. */

/** A logger that keeps its warnings. */
export function recordingLog() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const log = {
    level: 'info',
    warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ obj, msg }),
    info: () => undefined,
    error: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    fatal: () => undefined,
    silent: () => undefined,
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, warnings };
}

/** A pipeline that stores nothing (these nets' messages are not the point). */
export const idlePipeline = {
  submit: async () => ({ ok: true, stored: false }),
  flush: async () => undefined,
} as unknown as IngestPipeline;

/** A shared consumer that is always connected and subscribed (a net's recovery never waits for it). */
export const subscribedConsumer: BrokerConsumer = {
  close: async () => undefined,
  connected: () => true,
  confirmSubscribed: async () => undefined,
};

/** Polls `probe` every 100 ms for up to 20 s. */
export async function waitFor(what: string, probe: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
