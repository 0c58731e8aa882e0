import type { createClient } from 'redis';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { ensureReadingsPartitions } from './db/readings-partitions.ts';
import { alarmsTasks } from './features/alarms/module.ts';
import { authTasks } from './features/auth/module.ts';
import { channelsTasks } from './features/channels/module.ts';
import { pushSenderOf } from './features/channels/push.ts';
import { twilioOf } from './features/channels/twilio.ts';
import { createControllersRepo } from './features/controllers/repo.ts';
import { ingestTasks } from './features/ingest/module.ts';
import { DEFAULT_MQTT_PORT } from './features/ingest/transports/broker-protocol.ts';
import { watchBrokerStats } from './features/ingest/transports/broker-stats.ts';
import { startEmbeddedBroker } from './features/ingest/transports/mqtt-broker.ts';
import { startBrokerConsumer } from './features/ingest/transports/mqtt-consumer.ts';
import { type SafetyNet, startSafetyNet } from './features/ingest/transports/safety-net.ts';
import { jobsTasks } from './features/jobs/module.ts';
import { createMailTransport } from './features/mail/transport.ts';
import { createAlarmManagementRepo } from './features/notifications/alarm-management-repo.ts';
import { createRecipientsRepo } from './features/notifications/recipients-repo.ts';
import { startNotificationWorker } from './features/notifications/worker.ts';
import { oncallTasks } from './features/oncall/module.ts';
import { createPagingRepo } from './features/oncall/paging-repo.ts';
import type { StatfsFn } from './features/ops/disk-watch.ts';
import { opsTasks } from './features/ops/module.ts';
import { ReadinessDegraded, ReadinessFailure } from './features/ops/readiness.ts';
import { bridgeEvents } from './realtime/bridge.ts';
import { createRealtime } from './realtime/socket.ts';
import { type Leadership, startLeadership } from './scheduled/leader.ts';
import { createRetentionRepo } from './scheduled/retention-repo.ts';
import { applyRetention, refreshRollups, startScheduler } from './scheduled/scheduler.ts';

export type RunningServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The whole product in one process: API and SPA, realtime, device ingest (embedded broker or an
 * external one), and the scheduled tasks. main.ts and the tests both start it through here.
 */
export async function startServer(deps: {
  config: Config;
  database: Database;
  logger?: boolean | object;
  now?: () => Date;
  provisioningKey?: string | null;
  scheduler?: boolean;
  /** Something the instance cannot go on without has ended by itself (the embedded broker's thread). */
  onFatal?: (reason: string) => void;
  /** The embedded database's free-space reading (tests inject a full disk). */
  statfs?: StatfsFn;
}) {
  const { config, database } = deps;
  const built = await buildApp({
    config,
    database,
    logger: deps.logger,
    now: deps.now,
    provisioningKey: deps.provisioningKey,
    statfs: deps.statfs,
  });
  const { app, bus, ingest, ops, context } = built;
  // The clock buildApp gave the features: the scheduled tasks and the notification worker use it too.
  const { now, log } = context;

  const io = createRealtime(app.server, {
    auth: built.auth,
    lookupController: createControllersRepo(database.db).tenantOf,
  });
  const redisClients: ReturnType<typeof createClient>[] = [];
  if (config.REDIS_URL) {
    // Loaded only when configured: a process without Redis does not keep the client's ~4 MB of heap.
    const [{ createClient: redisClient }, { createAdapter }] = await Promise.all([
      import('redis'),
      import('@socket.io/redis-adapter'),
    ]);
    const pub = redisClient({ url: config.REDIS_URL });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', (err: Error) => log.error({ err: err.message }, 'redis error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
    ops.readiness.register('redis', async () => {
      if (!pub.isReady || !sub.isReady) throw new ReadinessFailure('disconnected');
      await pub.ping().catch(() => {
        throw new ReadinessFailure('ping failed');
      });
    });
  }
  ops.metrics.setSocketClients(() => io.engine.clientsCount);
  const unbridge = bridgeEvents(io, bus);

  let mqttPort: number | null = null;
  let safetyNet: () => SafetyNet | null = () => null;
  const closers: (() => Promise<void>)[] = [];
  if (config.MQTT_URL || config.MQTT_PORT !== 'none') {
    // Until the broker (embedded or external) takes devices, the instance is not ready.
    ops.readiness.register('broker', () => {
      throw new ReadinessFailure('starting');
    });
  }
  // The embedded broker accepts devices before HTTP answers at all: a load balancer or a script
  // that sees the instance ready can connect devices at once.
  if (!config.MQTT_URL && config.MQTT_PORT !== 'none') {
    const broker = await startEmbeddedBroker({
      port: config.MQTT_PORT ?? DEFAULT_MQTT_PORT,
      // Only a port nobody chose may move elsewhere: a chosen one that is taken fails the start.
      anyPortIfTaken: config.MQTT_PORT === undefined,
      host: config.MQTT_HOST,
      registry: ingest.registry,
      pipeline: ingest.pipeline,
      bus,
      log,
      onLost: () => deps.onFatal?.('the embedded broker thread ended'),
      refusing: ops.embedded.refusing,
    });
    mqttPort = broker.port;
    context.shared.devices.mqttPort = broker.port;
    closers.push(broker.close);
    ops.readiness.register('broker', () => {
      if (!broker.listening()) throw new ReadinessFailure('embedded broker not listening');
    });
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  context.shared.consoleUrl.listening(port);

  if (config.MQTT_URL) {
    const consumer = await startBrokerConsumer({
      url: config.MQTT_URL,
      pipeline: ingest.pipeline,
      log,
      clientId: config.INSTANCE_ID ? `rcm-ingest-${config.INSTANCE_ID}` : undefined,
      shareGroup: config.MQTT_SHARE_GROUP,
      connections: config.MQTT_CONSUMERS,
      receiveMaximum: config.MQTT_RECEIVE_MAXIMUM,
    });
    if (!config.INSTANCE_ID) {
      log.warn(
        'INSTANCE_ID is not set: the broker sessions of this instance end with their connections, and what the broker had sent them but was not yet stored goes with them; set INSTANCE_ID for production',
      );
    }
    closers.push(consumer.close);
    // The broker's own drop counter: /metrics, and /api/ready degraded while a drop is recent.
    const brokerStats = await watchBrokerStats({ url: config.MQTT_URL, log });
    closers.push(brokerStats.close);
    ops.metrics.watchBroker(brokerStats);
    ops.readiness.register('broker', () => {
      if (!consumer.connected()) throw new ReadinessFailure('disconnected from the external broker');
      const dropped = brokerStats.degradedReason();
      if (dropped) throw new ReadinessDegraded(dropped);
    });
    if (config.MQTT_SAFETY_NET) {
      // One instance of the deployment keeps the safety net (features/ingest/transports/safety-net.ts).
      const shareGroup = config.MQTT_SHARE_GROUP;
      const mqttUrl = config.MQTT_URL;
      let net: SafetyNet | null = null;
      const leadership: Leadership = startLeadership({
        database,
        name: `mqtt-safety-net:${shareGroup}`,
        log,
        onLead: async () => {
          net = await startSafetyNet({
            url: mqttUrl,
            pipeline: ingest.pipeline,
            consumer,
            log,
            shareGroup,
            sessionExpirySeconds: config.MQTT_SAFETY_NET_EXPIRY_S,
            receiveMaximum: config.MQTT_RECEIVE_MAXIMUM,
            onStepDown: () => void leadership.yieldFor(30_000),
          });
        },
        onLose: async () => {
          const stopping = net;
          net = null;
          await stopping?.stop();
        },
      });
      // Serve once the first election is over and, when this instance won, its first recovery has
      // ended (so a start never races its own net); bounded, the net goes on by itself.
      await Promise.race([
        leadership.ready.then(() => (net as SafetyNet | null)?.settled()),
        new Promise((r) => setTimeout(r, 15_000).unref()),
      ]);
      closers.unshift(() => leadership.stop());
      safetyNet = () => net;
    }
  }

  const retention = createRetentionRepo();
  const scheduler =
    deps.scheduler === false
      ? null
      : startScheduler({
          db: database.db,
          bus,
          log,
          tasks: [
            ...ingestTasks(context),
            { name: 'rollups', everyMs: 5 * 60_000, run: (db) => refreshRollups(retention, now(), db) },
            ...alarmsTasks(context),
            ...channelsTasks(context),
            ...authTasks(context),
            {
              // Day partitions of readings a week ahead (db/readings-partitions.ts).
              name: 'readings-partitions',
              everyMs: 60 * 60_000,
              run: async (db) => {
                const created = await ensureReadingsPartitions(db, now(), { backDays: config.READINGS_RETENTION_DAYS });
                if (created.length > 0) log.info({ created }, 'readings partitions created');
              },
            },
            {
              name: 'retention',
              everyMs: 60 * 60_000,
              run: (db) => applyRetention(retention, now(), config.READINGS_RETENTION_DAYS, db),
            },
            ...jobsTasks(context),
            ...opsTasks(context),
            ...oncallTasks(context, { publicUrl: context.shared.consoleUrl.url() }),
          ],
        });

  // Email notifications (outbox → emails → SMTP or the local transport), with the scheduled tasks.
  const notifications =
    deps.scheduler === false
      ? null
      : startNotificationWorker({
          db: database.db,
          bus,
          outbox: context.shared.outbox,
          transport: createMailTransport(config.SMTP_URL),
          publicUrl: context.shared.consoleUrl.url(),
          twilio: twilioOf(config),
          push: pushSenderOf({ db: database.db, config: { ...config, PORT: port } }),
          allowPrivateWebhooks: config.WEBHOOK_ALLOW_PRIVATE === true,
          from: config.EMAIL_FROM,
          now,
          paging: createPagingRepo(),
          alarmManagement: createAlarmManagementRepo(),
          recipients: createRecipientsRepo(),
          log,
          ...claimsOf(config.INSTANCE_ID, database.kind),
        });

  return {
    ...built,
    io,
    port,
    url: `http://localhost:${port}`,
    mqttPort,
    /** The MQTT safety net when this instance holds it (external broker only). */
    safetyNet: () => safetyNet(),
    /**
     * Graceful stop: report "not ready" and refuse new HTTP ingest; stop the scheduled tasks; write
     * the queued batches while the devices' connections are still open, so their PUBACKs go out;
     * then close the broker (or the external consumer, which flushes once more), sockets, HTTP, Redis.
     * A message that arrives after the last flush is not acknowledged: the device sends it again.
     */
    async close(opts: { drainMs?: number } = {}): Promise<void> {
      ops.readiness.startDraining();
      const drainMs = opts.drainMs ?? 0;
      if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
      await scheduler?.stop();
      await notifications?.stop();
      await ingest.pipeline.flush();
      for (const close of closers) await close();
      await ingest.pipeline.close();
      unbridge();
      io.close();
      await app.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}

/**
 * Who claims the channels' deliveries, and which claims a start releases: the embedded database has one
 * process, so every claim is its previous run's; an instance with an `INSTANCE_ID` releases its own;
 * without one, a dead run's claims wait for their lease.
 */
function claimsOf(instanceId: string | undefined, kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') return { claimant: instanceId ?? 'embedded', releaseClaimsAtStart: { claimant: null } };
  return instanceId ? { claimant: instanceId, releaseClaimsAtStart: { claimant: instanceId } } : {};
}
