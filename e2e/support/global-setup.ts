import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Starts `apps/server` (serving the built SPA) on port 0 and hands its URL to the tests. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rcm-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '10000',
      // The tests drive their own simulated controllers; a background fleet would make counts move.
      DEMO_FLEET: 'false',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/localhost:\d+)/.exec(output);
      const mqttMatch = /MQTT broker on (mqtt:\/\/localhost:\d+)/.exec(output);
      if (match?.[1] && mqttMatch?.[1]) {
        clearTimeout(timer);
        process.env.E2E_MQTT_URL = mqttMatch[1].replace('localhost', '127.0.0.1');
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  process.env.E2E_BASE_URL = url;
  console.log(`e2e server on ${url} (PGlite in ${dataDir})`);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
