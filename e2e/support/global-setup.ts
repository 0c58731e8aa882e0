import { startServer } from './server.ts';

/** Starts the demo product once for every spec and hands its URL to the tests. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer({
    SEED_DEMO: 'true',
    // The tests drive their own simulated controllers; a background fleet would make counts move.
    DEMO_FLEET: 'false',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MQTT_URL = server.mqttUrl;
  console.log(`e2e server on ${server.url} (PGlite in ${server.dataDir})`);
  return server.stop;
}
