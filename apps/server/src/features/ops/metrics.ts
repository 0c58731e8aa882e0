import type { FastifyBaseLogger } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { IngestPipeline } from '../ingest/pipeline/pipeline.ts';
import type { BrokerStats } from '../ingest/transports/broker-stats.ts';
import { createNotificationsRepo } from '../notifications/repo.ts';
import type { DiskStatus } from './disk-watch.ts';

/**
 * Prometheus metrics of one instance (`/metrics`). A registry of its own per app, so two instances in
 * one test process do not share counters. Ingest counters are read from the pipeline's own stats at
 * scrape time; the latency histogram is observed per message (queued → its batch committed), once per batch.
 */
export function createMetrics(deps: { db: Db; bus: EventBus; log: FastifyBaseLogger; instance?: string }) {
  const register = new Registry();
  const notifications = createNotificationsRepo(deps.db);
  if (deps.instance) register.setDefaultLabels({ instance_id: deps.instance });
  // Process metrics, including nodejs_eventloop_lag_seconds and its percentiles.
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });

  let pipeline: IngestPipeline | null = null;
  let socketClients: () => number = () => 0;
  let stopObserving: (() => void) | null = null;

  new Counter({
    name: 'rcm_ingest_messages_total',
    help: 'Device messages written, by result (stored, or duplicate msg_id ignored).',
    labelNames: ['result'],
    registers: [register],
    collect() {
      const s = pipeline?.stats();
      this.reset();
      this.labels('stored').inc(s?.accepted ?? 0);
      this.labels('duplicate').inc(s?.duplicates ?? 0);
    },
  });
  new Counter({
    name: 'rcm_ingest_readings_total',
    help: 'Readings (one value of one point or rack metric) stored.',
    registers: [register],
    collect() {
      this.reset();
      this.inc(pipeline?.stats().readings ?? 0);
    },
  });
  new Counter({
    name: 'rcm_ingest_batches_total',
    help: 'Ingest batches committed.',
    registers: [register],
    collect() {
      this.reset();
      this.inc(pipeline?.stats().batches ?? 0);
    },
  });
  new Counter({
    name: 'rcm_ingest_batches_failed_total',
    help: 'Ingest batches that could not be written after their retries (their messages were not acknowledged).',
    registers: [register],
    collect() {
      this.reset();
      this.inc(pipeline?.stats().failedBatches ?? 0);
    },
  });
  new Counter({
    name: 'rcm_ingest_rejected_total',
    help: 'Device messages rejected, by reason (malformed, too_large, unknown_device, forbidden).',
    labelNames: ['reason'],
    registers: [register],
    collect() {
      this.reset();
      const rejected: Record<string, number> = pipeline?.stats().rejected ?? {};
      for (const [reason, n] of Object.entries(rejected)) this.labels(reason).inc(n);
    },
  });
  const latency = new Histogram({
    name: 'rcm_ingest_batch_latency_seconds',
    help: "Time from a device message joining its batch's queue to that batch's commit (its PUBACK waits for this).",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const alarmsRaised = new Counter({
    name: 'rcm_alarms_raised_total',
    help: 'Alarms raised (new alarms, not repeated occurrences), by severity.',
    labelNames: ['severity'],
    registers: [register],
  });
  new Gauge({
    name: 'rcm_socket_clients',
    help: 'Realtime (socket.io) clients connected to this instance.',
    registers: [register],
    collect() {
      this.set(socketClients());
    },
  });
  new Gauge({
    name: 'rcm_notification_outbox_backlog',
    help: 'Notification outbox rows not processed yet (whole deployment: it is one table).',
    registers: [register],
    async collect() {
      try {
        this.set(await notifications.outboxBacklog());
      } catch (err) {
        deps.log.warn({ err: (err as Error).message }, 'metrics: outbox backlog query failed');
      }
    },
  });

  const unsubscribe = deps.bus.on('alarm.raised', (alarm) => alarmsRaised.labels(alarm.severity).inc());

  return {
    register,
    /**
     * Reads the pipeline's stats at scrape time and observes every written message's time from its
     * arrival in a batch's queue to that batch's commit (once per batch, not a promise per message).
     */
    instrument(p: IngestPipeline): void {
      pipeline = p;
      stopObserving?.();
      stopObserving = p.onCommitted((batch, committedAt) => {
        for (const q of batch) latency.observe((committedAt - q.at) / 1000);
      });
    },
    setSocketClients(count: () => number): void {
      socketClients = count;
    },
    /** The embedded database's disk watch: free bytes of DATA_DIR's filesystem and whether ingest is refused. */
    watchDisk(disk: { status: () => DiskStatus }): void {
      new Gauge({
        name: 'rcm_disk_free_bytes',
        help: "Free space of the embedded database's filesystem (DATA_DIR), at the last check.",
        registers: [register],
        collect() {
          const free = disk.status().free_bytes;
          if (free !== null) this.set(free);
        },
      });
      new Gauge({
        name: 'rcm_disk_low',
        help: '1 while the free space is under DISK_MIN_FREE_MB and ingest is refused (disk_low).',
        registers: [register],
        collect() {
          this.set(disk.status().low ? 1 : 0);
        },
      });
    },
    /** The external broker's own counters (`$SYS`, ingest/transports/broker-stats.ts), as last published. */
    watchBroker(broker: { stats: () => BrokerStats }): void {
      const gauge = (name: string, help: string, read: (s: BrokerStats) => number | null) =>
        new Gauge({
          name,
          help,
          registers: [register],
          collect() {
            const value = read(broker.stats());
            if (value !== null) this.set(value);
          },
        });
      gauge(
        'rcm_mqtt_broker_dropped_messages',
        "The broker's count of messages it dropped since it started ($SYS/broker/publish/messages/dropped; absent until its first drop). Any rise is lost device data: alert on it.",
        (s) => s.dropped ?? (s.storedMessages !== null ? 0 : null),
      );
      new Counter({
        name: 'rcm_mqtt_broker_dropped_seen_total',
        help: 'Messages the broker dropped while this instance watched its counter (across broker restarts).',
        registers: [register],
        collect() {
          this.reset();
          this.inc(broker.stats().droppedSeen);
        },
      });
      gauge(
        'rcm_mqtt_broker_stored_messages',
        'Messages the broker holds (queued and retained).',
        (s) => s.storedMessages,
      );
      gauge('rcm_mqtt_broker_stored_bytes', 'Payload bytes of the messages the broker holds.', (s) => s.storedBytes);
      gauge('rcm_mqtt_broker_heap_bytes', "The broker's heap in use.", (s) => s.heapBytes);
    },
    close(): void {
      unsubscribe();
      stopObserving?.();
      register.clear();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
