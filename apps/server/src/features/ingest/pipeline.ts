import type { DeviceChannel } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { RulesCache } from '../alarms/rules-cache.ts';
import type { DeviceRecord, DeviceRegistry } from './device-registry.ts';
import { parseDeviceMessage, type RejectReason } from './parse.ts';
import { type BatchItem, writeBatch } from './writer.ts';

export type SubmitResult = { ok: true; stored: boolean } | { ok: false; reason: RejectReason };

type Queued = { item: BatchItem; resolve: (r: SubmitResult) => void; reject: (e: Error) => void; weight: number };

export type IngestStats = {
  accepted: number;
  duplicates: number;
  readings: number;
  batches: number;
  rejected: Record<RejectReason, number>;
  lastBatchMs: number;
};

const RETRIES = 3;

/**
 * Device messages → batched transactions. `submit` resolves only after the message's batch has
 * committed, so the MQTT layer can hold the device's PUBACK until then (nothing acknowledged is
 * lost). One batch is written at a time: the alarm engine sees each controller's messages in order.
 */
export function createIngestPipeline(deps: {
  db: Db;
  registry: DeviceRegistry;
  rules: RulesCache;
  bus: EventBus;
  log: FastifyBaseLogger;
  now?: () => Date;
  maxBatchReadings?: number;
  maxDelayMs?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const maxBatch = deps.maxBatchReadings ?? 5000;
  const maxDelay = deps.maxDelayMs ?? 20;
  let queue: Queued[] = [];
  let weight = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let closed = false;
  const loggedRejects = new Set<string>();
  const stats: IngestStats = {
    accepted: 0,
    duplicates: 0,
    readings: 0,
    batches: 0,
    rejected: { too_large: 0, malformed: 0, unknown_device: 0, forbidden: 0 },
    lastBatchMs: 0,
  };

  function reject(mac: string, reason: RejectReason): SubmitResult {
    stats.rejected[reason] += 1;
    // Logged once per device and reason: a misbehaving device must not flood the log.
    if (!loggedRejects.has(`${mac}|${reason}`)) {
      loggedRejects.add(`${mac}|${reason}`);
      deps.log.warn({ mac, reason }, 'device message rejected');
    }
    return { ok: false, reason };
  }

  async function writeWithRetry(items: BatchItem[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        const rules = await deps.rules.get();
        return await deps.db.transaction((tx) => writeBatch(tx as unknown as Db, { items, rules, now: now() }));
      } catch (err) {
        if (attempt >= RETRIES || closed) throw err;
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
      }
    }
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    while (writing) await writing;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    weight = 0;
    const started = performance.now();
    writing = (async () => {
      try {
        const outcome = await writeWithRetry(batch.map((q) => q.item));
        stats.batches += 1;
        stats.accepted += outcome.stored;
        stats.duplicates += outcome.duplicates;
        stats.readings += outcome.readings;
        stats.lastBatchMs = performance.now() - started;
        for (const [mac, online] of outcome.online) deps.registry.setOnline(mac, online);
        for (const q of batch) q.resolve({ ok: true, stored: true });
        for (const e of outcome.events) deps.bus.emit(e.name, ...(e.args as [never]));
      } catch (err) {
        deps.log.error({ err, messages: batch.length }, 'ingest batch failed; devices will resend');
        for (const q of batch) q.reject(err as Error);
      }
    })();
    await writing;
    writing = null;
    if (queue.length > 0) schedule();
  }

  function schedule(): void {
    if (weight >= maxBatch) {
      void flush();
    } else if (!timer) {
      timer = setTimeout(() => void flush(), maxDelay);
    }
  }

  /** A pending controller: only its presence is recorded; nothing it sends becomes data (spec). */
  async function touchPending(device: DeviceRecord, online: boolean): Promise<SubmitResult> {
    await deps.db.execute(
      sql`update controllers set online = ${online}, last_seen_at = ${now().toISOString()}::timestamptz where id = ${device.id}`,
    );
    return { ok: true, stored: false };
  }

  return {
    stats: () => structuredClone(stats),

    async submit(mac: string, channel: DeviceChannel, payload: unknown): Promise<SubmitResult> {
      if (closed) throw new Error('ingest is shutting down');
      const parsed = parseDeviceMessage(channel, payload);
      if ('reject' in parsed) return reject(mac, parsed.reject);
      const device = await deps.registry.get(mac);
      if (!device) return reject(mac, 'unknown_device');
      if (!device.authorised) return touchPending(device, parsed.channel === 'status' ? parsed.message.online : true);
      const item = { ...parsed, device } as BatchItem;
      const w = item.channel === 'telemetry' ? item.message.racks.reduce((n, r) => n + r.points.length + 3, 0) : 1;
      return new Promise<SubmitResult>((resolve, rejectPromise) => {
        queue.push({ item, resolve, reject: rejectPromise, weight: w });
        weight += w;
        schedule();
      });
    },

    /** Writes what is queued (graceful shutdown, tests). */
    flush,

    async close(): Promise<void> {
      await flush();
      closed = true;
    },
  };
}

export type IngestPipeline = ReturnType<typeof createIngestPipeline>;
