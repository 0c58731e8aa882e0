import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The API with a logger at `level`, writing its JSON lines into `lines`. */
async function appLogging(level: 'info' | 'debug', lines: { msg: string; status?: number }[]) {
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const { app } = await buildApp({
    config: loadConfig({ WEB_DIST: '/nonexistent' }),
    database,
    logger: { level, stream },
  });
  await app.ready();
  return app;
}

describe('request logging', () => {
  it('logs nothing per request at info, and one line with the status at debug', async () => {
    const info: { msg: string }[] = [];
    const quiet = await appLogging('info', info);
    expect((await quiet.inject({ url: '/api/health' })).statusCode).toBe(200);
    await quiet.close();
    expect(info.filter((l) => /request/.test(l.msg))).toEqual([]);

    const debug: { msg: string; status?: number }[] = [];
    const verbose = await appLogging('debug', debug);
    await verbose.inject({ url: '/api/health' });
    await verbose.close();
    expect(debug.filter((l) => l.msg === 'request').map((l) => l.status)).toEqual([200]);
  });
});
