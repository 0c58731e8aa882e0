/**
 * The API server of bench:api in its own process (as in production: the load generator is not in
 * the server's event loop). Prints `listening <port>` when ready; SIGTERM closes it.
 * Env: DATABASE_URL, LOG_LEVEL (default warn), READ_POOL_SIZE (the hot-read pool; default the product's).
 */
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { startServer } from '../../apps/server/src/server.ts';

const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  PORT: '0',
  HOST: '127.0.0.1',
  MQTT_PORT: 'none',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  WEB_DIST: '/nonexistent',
});
const database = await openDatabase({
  url: config.DATABASE_URL,
  readPoolSize: process.env.READ_POOL_SIZE ? Number(process.env.READ_POOL_SIZE) : undefined,
});
const server = await startServer({ config, database, scheduler: false, logger: { level: config.LOG_LEVEL } });
console.log(`listening ${server.port}`);
// Started with --expose-gc, SIGUSR2 collects garbage (bench:sockets reads the heap that is retained).
process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());
process.on('SIGTERM', async () => {
  await server.close();
  await database.close();
  process.exit(0);
});
