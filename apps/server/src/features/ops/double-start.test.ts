import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Instance, killInstance, startInstance, waitReady } from '../../test/services.ts';

/*
 * The start command run twice on one data directory: the second process refuses before it opens
 * the database, the first goes on untouched, and a first killed with SIGKILL never blocks a restart.
 */
const embeddedOnly = process.env.RCM_TEST_DB === 'postgres';

describe.skipIf(embeddedOnly)('two starts on one data directory', () => {
  const root = embeddedOnly ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'rcm-double-start-'));
  const dataDir = path.join(root, 'data');
  const log = path.join(root, 'server.log');
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    DEMO_FLEET: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
  };
  const running: Instance[] = [];
  afterAll(async () => {
    for (const instance of running) await killInstance(instance, 'SIGKILL');
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 });
  });

  // Each test starts whole server processes (two here): on a loaded 2-core machine that takes longer
  // than the default timeout, so the ceiling is the processes' own start-up.
  it('refuses the second, naming the directory and the first; the first goes on', { timeout: 120_000 }, async () => {
    const first = await startInstance(env, log);
    running.push(first);
    await waitReady(first.url);
    const lockFile = path.join(dataDir, 'postmaster.pid');
    expect(fs.existsSync(lockFile)).toBe(true);

    // A second start that (wrongly) came up is still stopped by afterAll.
    const second = await startInstance(env, log).then(
      (instance) => {
        running.push(instance);
        return null;
      },
      (err: unknown) => err,
    );
    expect(String(second)).toContain('instance exited with 1');
    const said = fs.readFileSync(log, 'utf8');
    expect(said).toContain(`The data directory ${dataDir} is in use by process ${first.child.pid}`);
    // The refused start touched nothing: PostgreSQL's lock file is still there, the first still answers.
    expect(fs.existsSync(lockFile)).toBe(true);
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);
    const setup = await fetch(`${first.url}/api/setup`);
    expect(setup.status).toBe(200);
  });

  it('starts at once on the directory of a first killed with SIGKILL', { timeout: 120_000 }, async () => {
    const [first] = running;
    await killInstance(first ?? null, 'SIGKILL');
    const again = await startInstance(env, log);
    running.push(again);
    await waitReady(again.url);
  });
});
