import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceProfile } from '@rcm/shared/device-profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusPoller } from './poller.ts';
import { loadProfiles } from './profiles.ts';
import type { Reading } from './reading.ts';
import { simUnit, startModbusSerialServer, type TestModbusServer } from './testing/modbus-server.ts';
import { waitFor } from './testing/wait-for.ts';
import { modbusTransport } from './transport.ts';

const SOCAT = ['/usr/bin/socat', '/usr/local/bin/socat'].find((p) => existsSync(p));
if (!SOCAT) console.warn('rtu-pty.test.ts skipped: socat is not installed (apt-get install socat)');

describe.skipIf(!SOCAT)('polling Modbus RTU over a pseudo-terminal pair (socat)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rcm-gw-pty-'));
  const [gatewaySide, unitSide] = [join(dir, 'gateway'), join(dir, 'units')];
  let socat: ChildProcess;
  let server: Omit<TestModbusServer, 'port'>;

  beforeAll(async () => {
    socat = spawn(SOCAT as string, [`pty,raw,echo=0,link=${gatewaySide}`, `pty,raw,echo=0,link=${unitSide}`], {
      stdio: 'ignore',
    });
    await waitFor(() => existsSync(gatewaySide) && existsSync(unitSide), 'the pseudo-terminal pair');
    server = await startModbusSerialServer(
      unitSide,
      new Map([
        [1, simUnit({ 2531: -45, 2543: -120, 1010: -30, 2529: -41, 2530: -44, 99: 20, 2006: 14, 2540: 1 })],
        [2, simUnit({ 2531: 31, 2006: 0 })],
        [3, { ...simUnit(), dead: true }],
      ]),
    );
  });

  afterAll(async () => {
    await server?.close();
    socat?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads each unit on the line, one frame at a time, and backs off the one that is silent', async () => {
    const danfoss = loadProfiles().get('danfoss-ak-cc55') as DeviceProfile;
    const transport = modbusTransport({
      name: 'rs485',
      serial: { path: gatewaySide, baud: 19200, parity: 'even', data_bits: 8, stop_bits: 1 },
      request_delay_ms: 5,
      timeout_ms: 400,
      retries: 2,
      offline_after_failures: 1,
      backoff_s: 60,
    });
    const readings: { child: string; reading: Reading }[] = [];
    const offline: string[] = [];
    const poller = new BusPoller(
      'rs485',
      transport,
      // Retries: on a loaded machine the line's first frame may wait past a timeout; a unit that
      // answers must not be taken offline for it. The silent one costs three timeouts, once.
      { requestDelayMs: 5, timeoutMs: 400, retries: 2, offlineAfterFailures: 1, backoffMs: 60_000 },
      [1, 2, 3].map((u) => ({ child: `rs485-${u}`, unit: u, pollMs: 20, profile: danfoss })),
      {
        reading: (child, reading) => readings.push({ child, reading }),
        offline: (child) => offline.push(child),
        online: () => {},
        log: () => {},
      },
    );
    poller.start();
    try {
      await waitFor(() => readings.filter((r) => r.child === 'rs485-2').length >= 3, 'three polls of unit 2');
    } finally {
      await poller.stop();
    }
    const one = readings.find((r) => r.child === 'rs485-1')?.reading;
    expect(one?.values).toMatchObject({ air: -4.5, evap: -12, cutout: 2 });
    expect(one?.state).toBe('defrost');
    expect([...(one?.alarms ?? [])]).toEqual(['controller_alarm']);
    expect(readings.find((r) => r.child === 'rs485-2')?.reading.values.air).toBe(3.1);
    expect(offline).toEqual(['rs485-3']);
    expect(server.requests.filter((r) => r.unit === 3)).toHaveLength(3);
    expect(server.maxInFlight()).toBe(1);
  });
});
