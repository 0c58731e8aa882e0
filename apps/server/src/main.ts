import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { ensureAlarmCatalogue } from './features/alarms/engine/catalogue.ts';
import { DEMO_PASSWORD, DEMO_PROVISIONING_KEY, DEMO_USERS, isDemoDatabase, seedDemo } from './seed/demo.ts';
import { demoFleetMacs, startDemoFleet } from './seed/demo-fleet.ts';
import { type DemoGateway, startDemoGateway } from './seed/demo-gateway.ts';
import { startServer } from './server.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    diskReserveBytes: config.DISK_RESERVE_MB * 1_048_576,
  });
  // A new embedded database becomes the demo, and a demo stays one when it starts again (the fleet,
  // the provisioning key); SEED_DEMO decides when it is set.
  const demo =
    config.SEED_DEMO ?? ((database.kind === 'pglite' && database.fresh) || (await isDemoDatabase(database.db)));
  await ensureAlarmCatalogue(database.db);
  if (demo && database.fresh) await seedDemo(database.db);
  const demoMode = demo || config.SEED_DEMO === true;
  // Without one a key is generated on the first start and kept (features/provisioning/keys.ts).
  const provisioningKey = config.DEVICE_PROVISIONING_KEY ?? (demoMode ? DEMO_PROVISIONING_KEY : null);

  const logger = {
    level: config.LOG_LEVEL,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
  };
  let server: Awaited<ReturnType<typeof startServer>>;
  let fleet: Awaited<ReturnType<typeof startDemoFleet>> | null = null;
  let gateway: DemoGateway | null = null;
  let stopping = false;
  try {
    server = await startServer({
      config,
      database,
      logger,
      provisioningKey,
      // Devices could no longer connect: stop, and exit non-zero so the supervisor restarts us.
      onFatal: (reason) => void stop(reason, 1),
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${config.PORT} is already in use. Set PORT to a free port, e.g. PORT=3001 npm start`);
      await database.close();
      process.exit(1);
    }
    throw err;
  }

  // The simulated fleet keeps the demo console alive; it follows the embedded broker's port.
  const fleetWanted = config.DEMO_FLEET ?? (demoMode && server.mqttPort !== null);
  fleet =
    fleetWanted && server.mqttPort !== null
      ? await startDemoFleet({
          url: `mqtt://127.0.0.1:${server.mqttPort}`,
          macs: await demoFleetMacs(database.db),
          log: server.app.log,
        })
      : null;
  // One store's cases come through a real store gateway reading the simulator's Modbus bus; it starts
  // in the background (its own process), so start-up does not wait for it.
  if (fleet && server.mqttPort !== null) {
    gateway = await startDemoGateway({
      db: database.db,
      mqttUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
      dataDir: config.DATA_DIR,
      log: server.app.log,
    }).catch((err: unknown) => {
      server.app.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'the demo store gateway did not start',
      );
      return null;
    });
  }

  async function stop(signal: string, code = 0): Promise<void> {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    // A stop that cannot finish (a database gone away) must not leave the process behind.
    setTimeout(() => {
      console.error('Shutdown did not finish in time; exiting.');
      process.exit(1);
    }, 15_000 + config.SHUTDOWN_DRAIN_MS).unref();
    await Promise.all([fleet?.stop(), gateway?.stop()]);
    await server.close({ drainMs: config.SHUTDOWN_DRAIN_MS });
    await database.close();
    process.exit(code);
  }
  // A library promise that rejects with nobody listening (the Redis adapter publishing while Redis
  // restarts, for one) must not take every connection and batch down with it: log it and go on.
  process.on('unhandledRejection', (reason) => {
    server.app.log.error({ err: reason instanceof Error ? reason.message : String(reason) }, 'unhandled rejection');
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  console.log(`\nRefrigeration console on http://localhost:${server.port}  (database: ${database.kind})`);
  if (server.mqttPort !== null) console.log(`Embedded MQTT broker on mqtt://localhost:${server.mqttPort}`);
  if (config.MQTT_URL) console.log(`Ingesting from ${withoutPassword(config.MQTT_URL)}`);
  console.log(
    'To connect a controller: Controllers → "Connect a controller" (administrators see the provisioning key there)',
  );
  if (demoMode) {
    console.log(`Demo sign-ins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_USERS).join(', ')}`);
    if (fleet) console.log(`Simulated fleet: ${fleet.size} controllers publishing every ${fleet.intervalMs / 1000} s`);
    if (gateway) {
      console.log(
        `Store gateway (apps/gateway): ${gateway.units} Modbus case controllers on a simulated bus at ${gateway.endpoint}`,
      );
    }
  }
}

/** A URL for the log: its password never is. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error('Start-up failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
