import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createRealtime } from './realtime/socket.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed/demo.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const demo = config.SEED_DEMO ?? (database.kind === 'pglite' && database.fresh);
  if (demo && database.fresh) await seedDemo(database.db);

  const logger = {
    level: config.LOG_LEVEL,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
  };
  const { app, auth } = await buildApp({ config, database, logger });
  const io = createRealtime(app.server, auth);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    io.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${config.PORT} is already in use. Set PORT to a free port, e.g. PORT=3001 npm start`);
      await database.close();
      process.exit(1);
    }
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`\nRefrigeration console on http://localhost:${port}  (database: ${database.kind})`);
  if (demo) {
    console.log(`Demo sign-ins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_USERS).join(', ')}\n`);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error('Start-up failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
