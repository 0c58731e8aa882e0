import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export type RunningServer = { url: string; mqttUrl: string; dataDir: string; stop: () => Promise<void> };

/**
 * Starts the built server (`npm run build`: apps/server/dist, serving the built SPA) on port 0 with a
 * fresh PGlite directory, as a user's `npm start` would, and resolves once it prints its addresses.
 * `env` is added to the defaults; `timeoutMs` is how long it may take to print them.
 */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rcm-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '10000',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const { url, mqttUrl } = await new Promise<{ url: string; mqttUrl: string }>((resolve, reject) => {
    // A server that did not start in time is stopped, not left running for the rest of the run.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/localhost:\d+)/.exec(output);
      const mqttMatch = /MQTT broker on (mqtt:\/\/localhost:\d+)/.exec(output);
      if (match?.[1] && mqttMatch?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], mqttUrl: mqttMatch[1].replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    mqttUrl,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      // A server that does not stop in time (its own limit is 15 s) is killed: the directory goes either way.
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
