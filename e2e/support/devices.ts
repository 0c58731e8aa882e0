import { DEMO_PROVISIONING_KEY, demoDeviceKey, demoMac } from '@rcm/shared/demo';
import { type Fleet, startFleet } from '@rcm/simulator/fleet';

/** One seeded demo controller, simulated over MQTT against the e2e server's embedded broker. */
export async function simulateController(index: number): Promise<{ mac: string; fleet: Fleet }> {
  const url = process.env.E2E_MQTT_URL;
  if (!url) throw new Error('E2E_MQTT_URL is not set: the worker’s demo server has not started');
  const mac = demoMac(index);
  const fleet = await startFleet({
    transport: 'mqtt',
    url,
    // Long interval: the test decides when to publish (publishNow).
    intervalMs: 3_600_000,
    seed: index,
    controllers: [{ mac, key: demoDeviceKey(mac) }],
  });
  return { mac, fleet };
}

/** A controller nobody has seen yet, announcing itself with the fleet's provisioning key. */
export async function announceController(mac: string): Promise<Fleet> {
  const url = process.env.E2E_MQTT_URL;
  if (!url) throw new Error('E2E_MQTT_URL is not set: the worker’s demo server has not started');
  return startFleet({
    transport: 'mqtt',
    url,
    intervalMs: 3_600_000,
    controllers: [{ mac, key: DEMO_PROVISIONING_KEY }],
  });
}
