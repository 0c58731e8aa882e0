import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDeviceKey } from '../../seed/demo.ts';
import { connectDevice } from '../../test/device.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';

const MAC = '02:52:43:00:10:01';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let server: TestServer | undefined;
afterAll(async () => server?.stop());

describe('readiness includes the embedded broker', () => {
  it('answers ready only once devices can connect', async () => {
    const [httpPort, mqttPort] = [await freePort(), await freePort()];
    const starting = createTestServer({ PORT: String(httpPort), MQTT_PORT: String(mqttPort) });
    // Ask as fast as the start allows; the first "ready" must find the broker accepting.
    let firstReady: Promise<void> | null = null;
    const deadline = Date.now() + 30_000;
    while (!firstReady && Date.now() < deadline) {
      const res = await fetch(`http://127.0.0.1:${httpPort}/api/ready`).catch(() => null);
      if (res?.status === 200) {
        firstReady = connectDevice(mqttPort, MAC, demoDeviceKey(MAC)).then((device) => device.end());
      } else {
        if (res) expect((await res.json()) as object).toMatchObject({ status: 'not_ready' });
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    server = await starting;
    expect(firstReady).not.toBeNull();
    await firstReady;
  });
});
