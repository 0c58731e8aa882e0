import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config.ts';

/** How the benches run the server: in this process, or as a process of its own. */

export { freePort } from '../../apps/server/src/test/services.ts';

/**
 * The configuration of a server in the bench's process on the database at `databaseUrl`: free
 * HTTP and embedded-broker ports on 127.0.0.1, warnings only, the web files from `webDist` (none by default).
 */
export function benchServerConfig(databaseUrl: string, webDist = '/nonexistent') {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
  });
}

/**
 * The environment of a soak bench's server process (apps/server/src/main.ts): its HTTP and embedded
 * broker ports on 127.0.0.1, no demo seed or fleet, warnings only, no web files, and the token its
 * /metrics are scraped with.
 */
export function soakServerEnv(httpPort: number, mqttPort: number, metricsToken: string): Record<string, string> {
  return {
    PORT: String(httpPort),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    MQTT_HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    DEMO_FLEET: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    METRICS_TOKEN: metricsToken,
  };
}

/**
 * Starts a bench server script (bench/lib/api-server.ts by default) in its own process on the
 * database at `databaseUrl`, with these node flags; resolves once it prints `listening <port>`, with its URL.
 */
export async function spawnApiServer(
  databaseUrl: string,
  nodeFlags: string[],
  script = 'bench/lib/api-server.ts',
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url };
}
