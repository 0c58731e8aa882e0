import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { EventBus } from '../events/bus.ts';
import { ensureAlarmCatalogue } from '../features/alarms/engine/catalogue.ts';
import type { AuthService } from '../features/auth/service.ts';
import type { FeatureContext } from '../features/context.ts';
import { seedDemo } from '../seed/demo.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  auth: AuthService;
  bus: EventBus;
  /** What every feature was built from: a test can await a service the routes start without waiting. */
  context: FeatureContext;
  database: TestDatabase;
  clock: { now: Date };
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Runs after the API is built and before `ready()`: the place to register test-only routes. */
  beforeReady?: (app: FastifyInstance, database: TestDatabase) => void | Promise<void>;
  /** false: an empty database (first-run setup), with only the alarm catalogue. */
  seed?: boolean;
};

/** A fresh database (see openTestDatabase) with the alarm catalogue and the demo seed at `now`, without history. */
export async function openDemoTestDatabase(now = new Date()): Promise<TestDatabase> {
  const database = await openTestDatabase();
  await ensureAlarmCatalogue(database.db);
  await seedDemo(database.db, now, { history: false });
  return database;
}

/** The whole API on a fresh seeded database, with a clock tests can move. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  await ensureAlarmCatalogue(database.db);
  if (options.seed !== false) await seedDemo(database.db, new Date(), { history: false });
  const clock = { now: new Date() };
  const config = loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', ...env });
  const { app, auth, bus, context } = await buildApp({ config, database, now: () => clock.now });
  await options.beforeReady?.(app, database);
  await app.ready();
  return {
    app,
    auth,
    bus,
    context,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export async function login(app: FastifyInstance, email: string, password = 'demo1234'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const header = res.headers.authorization;
  if (res.statusCode !== 200 || typeof header !== 'string') {
    throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  }
  return header.replace(/^Bearer /, '');
}
