import { loadConfig } from '../config.ts';
import { ensureAlarmCatalogue } from '../features/alarms/engine/catalogue.ts';
import { seedDemo } from '../seed/demo.ts';
import { type RunningServer, startServer } from '../server.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export const TEST_PROVISIONING_KEY = 'test-provisioning-key';

export type TestServer = RunningServer & { database: TestDatabase; stop: () => Promise<void> };

/**
 * The whole product (API, realtime, embedded broker on a free port) on a fresh seeded database,
 * or, given `database`, a second instance on the same one.
 */
export async function createTestServer(
  env: Record<string, string> = {},
  opts: { database?: TestDatabase } = {},
): Promise<TestServer> {
  const database = opts.database ?? (await openTestDatabase());
  if (!opts.database) {
    await ensureAlarmCatalogue(database.db);
    await seedDemo(database.db, new Date(), { history: false });
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const server = await startServer({
    config,
    database,
    provisioningKey: TEST_PROVISIONING_KEY,
    scheduler: false,
  }).catch(async (err: unknown) => {
    if (!opts.database) await database.close();
    throw err;
  });
  return {
    ...server,
    database,
    stop: async () => {
      await server.close();
      await database.close();
    },
  };
}
