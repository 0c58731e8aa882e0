import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemo } from '../seed/demo.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  clock: { now: Date };
  close: () => Promise<void>;
};

/** The whole API on a fresh seeded database, with a clock tests can move. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  await seedDemo(database.db);
  const clock = { now: new Date() };
  const config = loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', ...env });
  const { app } = await buildApp({ config, database, now: () => clock.now });
  await app.ready();
  return {
    app,
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
