import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, waitReady } from '../../apps/server/src/test/services.ts';

const REPO = path.resolve(import.meta.dirname, '../..');

/**
 * The server as production runs it: the compiled build (`npm run build -w apps/server`, made here),
 * `node` with the start script's flags, its own process. `--expose-gc` and a preload let SIGUSR2
 * collect garbage (`collect`), so a bench reads the heap it retains. No demo seed, no broker.
 */
export async function startProductionServer(env: { DATABASE_URL: string }) {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: path.join(REPO, 'apps/server'), stdio: 'ignore' });
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=64',
      '--expose-gc',
      '--import',
      path.join(import.meta.dirname, 'gc-on-signal.mjs'),
      'apps/server/dist/main.js',
    ],
    {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DATABASE_URL: env.DATABASE_URL,
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: 'none',
        SEED_DEMO: 'false',
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`))),
  );
  const base = `http://127.0.0.1:${port}`;
  await Promise.race([waitReady(base, 60_000), exited]);
  return {
    base,
    collect: () => child.kill('SIGUSR2'),
    stop: () => child.kill('SIGTERM'),
  };
}
