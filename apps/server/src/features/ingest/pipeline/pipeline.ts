import type { DeviceChannel } from '@rcm/shared/device';
import { gatewayOfKey } from '@rcm/shared/gateway';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { EventBus } from '../../../events/bus.ts';
import type { RulesCache } from '../../alarms/engine/rules-cache.ts';
import type { MaintenanceCache } from '../../maintenance/cache.ts';
import { type BatchItem, createWriterRepos } from '../writer/writer.ts';
import { arrivalOrder } from './arrival-order.ts';
import { createBatchWriter } from './batch-writer.ts';
import { createBirths } from './births.ts';
import type { DeviceRecord, DeviceRegistry } from './device-registry.ts';
import { createDeviceRepo } from './device-repo.ts';
import { type ParsedMessage, parseDeviceMessage } from './parse.ts';
import { createRejecter } from './rejections.ts';
import {
  type CommittedListener,
  DUPLICATE,
  IngestRefused,
  type IngestStats,
  STORED,
  type SubmitDone,
  type SubmitResult,
} from './submit-result.ts';

type Queued = { item: BatchItem; done: SubmitDone; weight: number; at: number };

/** A writer of its own: its queue, its batch timer, the batch it is writing. */
type Lane = { queue: Queued[]; weight: number; timer: NodeJS.Timeout | null; writing: Promise<void> | null };

/**
 * Device messages → batched transactions. `submit` resolves only after the message's batch has
 * committed, so the MQTT layer can hold the device's PUBACK until then (nothing acknowledged is
 * lost). Each lane writes one batch at a time and a controller always uses the same lane, so the
 * alarm engine sees each controller's messages in order.
 */
export function createIngestPipeline(deps: {
  db: Db;
  registry: DeviceRegistry;
  rules: RulesCache;
  /** Maintenance windows in force, from memory: an alarm raised inside one is stored suppressed. */
  maintenance?: MaintenanceCache;
  bus: EventBus;
  log: FastifyBaseLogger;
  now: () => Date;
  maxBatchReadings?: number;
  maxDelayMs?: number;
  /**
   * Batches written at once, each by its own lane of controllers (PostgreSQL: 2 lets the database use
   * both cores; PGlite has one connection, so 1).
   */
  lanes?: number;
  /** While true, every message is refused unwritten (IngestRefused): the disk watch's "low". */
  refusing?: () => boolean;
}) {
  const { now } = deps;
  const devices = createDeviceRepo(deps.db);
  const repos = createWriterRepos();
  const maxBatch = deps.maxBatchReadings ?? 5000;
  const maxDelay = deps.maxDelayMs ?? 20;
  const lanes: Lane[] = Array.from({ length: Math.max(1, deps.lanes ?? 1) }, () => ({
    queue: [],
    weight: 0,
    timer: null,
    writing: null,
  }));
  let closed = false;
  const committedListeners = new Set<CommittedListener>();
  const stats: IngestStats = {
    accepted: 0,
    duplicates: 0,
    readings: 0,
    batches: 0,
    failedBatches: 0,
    consecutiveFailures: 0,
    rejected: { too_large: 0, malformed: 0, unknown_device: 0, forbidden: 0 },
    lastBatchMs: 0,
  };

  /** Refused messages: counted, those of known controllers on their page, logged once per device and reason. */
  const rejecter = createRejecter({ db: deps.db, log: deps.log, now, counts: stats.rejected });
  const reject = rejecter.reject;

  const writer = createBatchWriter({
    db: deps.db,
    repos,
    rules: deps.rules,
    maintenance: deps.maintenance,
    log: deps.log,
    now,
    closed: () => closed,
  });

  async function flushLane(lane: Lane): Promise<void> {
    while (lane.writing) await lane.writing;
    // After the wait: the write that ended may have set a timer for what this flush takes now.
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = null;
    if (lane.queue.length === 0) return;
    const batch = lane.queue;
    lane.queue = [];
    lane.weight = 0;
    const started = performance.now();
    lane.writing = (async () => {
      try {
        const outcome = await writer.write(batch.map((q) => q.item));
        stats.batches += 1;
        stats.consecutiveFailures = 0;
        stats.accepted += outcome.stored;
        stats.duplicates += outcome.duplicates;
        stats.readings += outcome.readings;
        stats.lastBatchMs = performance.now() - started;
        for (const [mac, online] of outcome.online) deps.registry.setOnline(mac, online);
        const committedAt = performance.now();
        for (const listener of committedListeners) listener(batch, committedAt);
        const repeated = outcome.repeated;
        for (const q of batch) q.done(null, repeated?.has(q.item) ? DUPLICATE : STORED);
        deps.bus.emitAll(outcome.events);
      } catch (err) {
        // What queued behind the batch while it was retried would meet the same database: it fails
        // with it. Held, it would pile up for as long as the outage lasts, as each reconnection of a
        // consumer brings the broker's whole in-flight window again. Nothing failed was
        // acknowledged: the broker delivers it again, devices resend.
        const behind = lane.queue;
        lane.queue = [];
        lane.weight = 0;
        if (lane.timer) clearTimeout(lane.timer);
        lane.timer = null;
        stats.failedBatches += 1;
        stats.consecutiveFailures += 1;
        deps.log.error({ err, messages: batch.length + behind.length }, 'ingest batch failed; devices will resend');
        for (const q of batch) q.done(err as Error);
        for (const q of behind) q.done(err as Error);
      }
    })();
    try {
      await lane.writing;
    } finally {
      lane.writing = null;
    }
    if (lane.queue.length > 0) schedule(lane);
  }

  async function flush(): Promise<void> {
    await Promise.all([...lanes.map(flushLane), rejecter.write()]);
  }

  /**
   * Starts the lane's next write when its batch is full, or sets the timer that bounds how long a
   * message waits for company. While the lane writes, nothing is started: the write, when it ends,
   * schedules what queued meanwhile, so no message ever waits on another's write (at 30,000 messages/s
   * those waiters would each be woken by every commit).
   */
  function schedule(lane: Lane): void {
    if (lane.writing) return;
    if (lane.weight >= maxBatch) {
      void flushLane(lane);
    } else if (!lane.timer) {
      const oldest = lane.queue[0];
      const waited = oldest ? performance.now() - oldest.at : 0;
      lane.timer = setTimeout(() => void flushLane(lane), Math.max(0, maxDelay - waited));
    }
  }

  /** Per device, its queueing steps one after another (not its write: its queueing). */
  const arrivals = arrivalOrder();
  /** Store gateways' birth messages; a child's messages wait for its gateway's (`births.writing`). */
  const births = createBirths({ ...deps, gateways: repos.gateways, arrivals, reject });

  /** A pending controller: only its presence is recorded; nothing it sends becomes data (spec). */
  async function touchPending(device: DeviceRecord, online: boolean): Promise<SubmitResult> {
    await devices.touchPending(device.id, online, now());
    return { ok: true, stored: false };
  }

  /** Puts a parsed message into its controller's lane (synchronously); `done` is called when it is written. */
  function place(mac: string, device: DeviceRecord | null, parsed: ParsedMessage, done: SubmitDone): void {
    if (!device) {
      done(null, reject(mac, 'unknown_device'));
      return;
    }
    if (!device.authorised) {
      touchPending(device, parsed.channel === 'status' ? parsed.message.online : true).then(
        (r) => done(null, r),
        (err: Error) => done(err),
      );
      return;
    }
    const item = { ...parsed, device } as BatchItem;
    let w = 1;
    if (item.channel === 'telemetry') {
      w = 0;
      for (const r of item.message.racks) w += r.points.length + 3;
    }
    // A controller always writes through the same lane: the alarm engine sees its messages in order.
    const lane = lanes[device.id % lanes.length] as Lane;
    lane.queue.push({ item, done, weight: w, at: performance.now() });
    lane.weight += w;
    schedule(lane);
  }

  return {
    stats: () => structuredClone(stats),

    /**
     * A store gateway's birth message (`rcm/v1/{gw}/birth`); `done` once its children are written, or
     * with why it was refused.
     */
    submitBirth(mac: string, payload: unknown, done: SubmitDone): void {
      if (!refusedNow(done)) births.submit(mac, payload, done);
    },

    /** Resolves once the message is written (or rejected as bad input); rejects if its batch could not be written. */
    submit(mac: string, channel: DeviceChannel, payload: unknown): Promise<SubmitResult> {
      return new Promise<SubmitResult>((resolve, rejectPromise) =>
        submitTo(mac, channel, payload, (err, result) => (err ? rejectPromise(err) : resolve(result as SubmitResult))),
      );
    },

    /**
     * `submit` with a callback (the embedded broker's path, once per device message): no promise, and
     * no closure of ours, per message.
     */
    submitTo,

    /** Called after each batch commits, before its messages' `done` (metrics, benchmarks). Returns the unsubscribe. */
    onCommitted(listener: CommittedListener): () => void {
      committedListeners.add(listener);
      return () => committedListeners.delete(listener);
    },

    /** Writes what is queued (graceful shutdown, tests). */
    flush,

    async close(): Promise<void> {
      await flush();
      closed = true;
      await writer.keepOpenHours();
    },
  };

  /** Whether no message is taken now (the pipeline closing, or the disk low); `done` is told why. */
  function refusedNow(done: SubmitDone): boolean {
    if (closed) {
      done(new Error('ingest is shutting down'));
      return true;
    }
    if (deps.refusing?.()) {
      done(new IngestRefused('disk_low'));
      return true;
    }
    return false;
  }

  function submitTo(mac: string, channel: DeviceChannel, payload: unknown, done: SubmitDone): void {
    if (refusedNow(done)) return;
    // A gateway's child (`{gateway MAC}/{child}`), authenticated by its gateway's connection.
    const gateway = gatewayOfKey(mac);
    let parsed: ReturnType<typeof parseDeviceMessage>;
    try {
      parsed = parseDeviceMessage(channel, payload, gateway !== null);
    } catch (err) {
      done(err as Error);
      return;
    }
    if ('reject' in parsed) {
      done(null, reject(mac, parsed.reject, channel, parsed));
      return;
    }
    const birth = gateway === null ? undefined : births.writing.get(gateway);
    // Usually the device is in the registry's cache and none of its messages is still being looked
    // up: it joins its lane's queue at once, without a chain of promises.
    if (!birth && !arrivals.busy(mac)) {
      const known = deps.registry.peek(mac);
      if (known !== undefined) {
        place(mac, known, parsed, done);
        return;
      }
    }
    // A device's messages join the queue in the order they arrived, however long each one's
    // registry lookup takes (on PostgreSQL two lookups can finish out of order). `done` is called
    // once: by place, or with the lookup's error.
    let called = false;
    const once: SubmitDone = (err, result) => {
      if (called) return;
      called = true;
      done(err, result);
    };
    arrivals
      .run(mac, async () => {
        // After its gateway's birth message, which may be what creates it.
        if (birth) await birth.catch(() => undefined);
        place(mac, await deps.registry.get(mac), parsed, once);
      })
      .catch((err: Error) => once(err));
  }
}

export type IngestPipeline = ReturnType<typeof createIngestPipeline>;
