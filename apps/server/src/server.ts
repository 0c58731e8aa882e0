import { createAdapter } from '@socket.io/redis-adapter';
import { eq } from 'drizzle-orm';
import { createClient } from 'redis';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { controllers } from './db/schema.ts';
import { startEmbeddedBroker } from './features/ingest/mqtt-broker.ts';
import { startBrokerConsumer } from './features/ingest/mqtt-consumer.ts';
import { sweepOffline } from './features/ingest/offline-sweeper.ts';
import { applyRetention, refreshRollups, startScheduler } from './jobs/scheduler.ts';
import { bridgeEvents } from './realtime/bridge.ts';
import { createRealtime } from './realtime/socket.ts';

export type RunningServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The whole product in one process: API and SPA, realtime, device ingest (embedded broker or an
 * external one), and the scheduled jobs. main.ts and the tests both start it through here.
 */
export async function startServer(deps: {
  config: Config;
  database: Database;
  logger?: boolean | object;
  now?: () => Date;
  provisioningKey?: string | null;
  scheduler?: boolean;
}) {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const built = await buildApp({ config, database, logger: deps.logger, now, provisioningKey: deps.provisioningKey });
  const { app, bus, ingest } = built;
  const log = app.log;

  const lookupController = async (id: number) => {
    const [row] = await database.db
      .select({ organizationId: controllers.organizationId, locationId: controllers.locationId })
      .from(controllers)
      .where(eq(controllers.id, id))
      .limit(1);
    return row ?? null;
  };
  const io = createRealtime(app.server, { auth: built.auth, lookupController });
  const redisClients: ReturnType<typeof createClient>[] = [];
  if (config.REDIS_URL) {
    const pub = createClient({ url: config.REDIS_URL });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', (err: Error) => log.error({ err: err.message }, 'redis error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
  }
  const unbridge = bridgeEvents(io, bus);

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;

  let mqttPort: number | null = null;
  const closers: (() => Promise<void>)[] = [];
  if (config.MQTT_URL) {
    const consumer = await startBrokerConsumer({
      url: config.MQTT_URL,
      pipeline: ingest.pipeline,
      log,
      clientId: config.INSTANCE_ID ? `rcm-ingest-${config.INSTANCE_ID}` : undefined,
      shareGroup: config.MQTT_SHARE_GROUP,
    });
    closers.push(consumer.close);
  } else if (config.MQTT_PORT !== 'none') {
    const broker = await startEmbeddedBroker({
      port: config.MQTT_PORT,
      host: config.MQTT_HOST,
      registry: ingest.registry,
      pipeline: ingest.pipeline,
      bus,
      log,
    });
    mqttPort = broker.port;
    closers.push(broker.close);
  }

  const scheduler =
    deps.scheduler === false
      ? null
      : startScheduler({
          db: database.db,
          log,
          jobs: [
            {
              name: 'offline-sweep',
              everyMs: 30_000,
              run: async (db) => {
                const result = await sweepOffline(db, now());
                for (const mac of result.macs) ingest.registry.setOnline(mac, false);
                for (const e of result.events) bus.emit(e.name, ...(e.args as [never]));
              },
            },
            { name: 'rollups', everyMs: 5 * 60_000, run: (db) => refreshRollups(db, now()) },
            {
              name: 'retention',
              everyMs: 60 * 60_000,
              run: (db) => applyRetention(db, now(), config.READINGS_RETENTION_DAYS),
            },
          ],
        });

  return {
    ...built,
    io,
    port,
    url: `http://localhost:${port}`,
    mqttPort,
    /** Graceful stop: no new work, flush what is queued (acknowledging it), close everything. */
    async close(): Promise<void> {
      await scheduler?.stop();
      for (const close of closers) await close();
      await ingest.pipeline.close();
      unbridge();
      io.close();
      await app.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
