import type { DeviceProfile } from '@rcm/shared/device-profile';
import { defrostOf } from '@rcm/simulator/case-cycle';
import { type ModbusBus, startModbusBus, transactionMs } from '@rcm/simulator/modbus-bus';
import { afterEach, describe, expect, it } from 'vitest';
import { BusPoller } from './poller.ts';
import { loadProfiles } from './profiles.ts';
import type { Reading } from './reading.ts';
import { waitFor } from './testing/wait-for.ts';
import { modbusTransport } from './transport.ts';

const profiles = loadProfiles();
const profile = (id: string) => profiles.get(id) as DeviceProfile;
const fToC = (f: number) => Math.round((((f - 32) * 5) / 9) * 10) / 10;

const open: { bus: ModbusBus; poller: BusPoller }[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) {
    await h.poller.stop();
    await h.bus.close();
  }
});

/** A gateway's poller on the simulator's bus: units 1 Danfoss, 2 Carel, 3 generic. */
async function pollSimulatedBus(opts: { clock: () => number; line?: Parameters<typeof startModbusBus>[0]['line'] }) {
  const bus = await startModbusBus({
    seed: 7,
    clock: opts.clock,
    ...(opts.line && { line: opts.line }),
    units: [
      { unit: 1, profile: profile('danfoss-ak-cc55') },
      { unit: 2, profile: profile('carel-ir33') },
      { unit: 3, profile: profile('generic-case') },
    ],
  });
  const readings = new Map<number, Reading>();
  const events: string[] = [];
  const poller = new BusPoller(
    'sim',
    modbusTransport({
      name: 'sim',
      tcp: { host: bus.host, port: bus.port, framing: 'mbap' },
      request_delay_ms: 0,
      timeout_ms: 300,
      retries: 0,
      offline_after_failures: 2,
      backoff_s: 60,
    }),
    { requestDelayMs: 0, timeoutMs: 300, retries: 0, offlineAfterFailures: 2, backoffMs: 60_000 },
    [1, 2, 3].map((unit) => ({
      child: `sim-${unit}`,
      unit,
      pollMs: 100,
      profile: [profile('danfoss-ak-cc55'), profile('carel-ir33'), profile('generic-case')][unit - 1] as DeviceProfile,
    })),
    {
      reading: (child, r) => readings.set(Number(child.split('-')[1]), r),
      offline: (child, reason) => events.push(`${child} offline ${reason}`),
      online: (child) => events.push(`${child} online`),
      log: () => {},
    },
  );
  open.push({ bus, poller });
  poller.start();
  return { bus, poller, readings, events };
}

describe("the simulator's Modbus TCP bus, polled by the gateway", () => {
  it('reads, through each profile, the temperatures and set point the physics produced', async () => {
    let now = Date.parse('2026-06-01T12:00:00Z');
    const { bus, readings } = await pollSimulatedBus({ clock: () => now });
    // A moment no unit defrosts or has its door open, so each case is in its normal drift.
    for (let tries = 0; tries < 500; tries++) {
      const quiet = [...bus.units.values()].every((u) => {
        const d = defrostOf(u.cycleSeed, now);
        return now - d.start > d.lengthMs + 30 * 60_000;
      });
      if (quiet) break;
      now += 7 * 60_000;
    }
    await waitFor(() => readings.size === 3, 'a reading of each unit');
    readings.clear();
    now += 60_000;
    await waitFor(() => readings.size === 3, 'a reading of each unit');
    const physics = (unit: number) => bus.units.get(unit)?.readings() ?? expect.fail(`unit ${unit} never read`);

    const danfoss = readings.get(1) as Reading;
    expect(danfoss.values.air).toBe(fToC(physics(1).airF));
    expect(danfoss.values.evap).toBe(fToC(physics(1).evaporatorF));
    expect(danfoss.values.s5).toBe(fToC(physics(1).evaporatorF)); // "S5 evaporator temperature"
    expect(danfoss.values.cutout).toBe(fToC(35));
    const carel = readings.get(2) as Reading;
    expect(carel.values.probe1).toBe(fToC(physics(2).airF));
    expect(carel.values.probe2).toBe(fToC(physics(2).evaporatorF));
    expect(carel.values.compressor).toBe(1);
    const generic = readings.get(3) as Reading;
    expect(generic.values.air).toBe(fToC(physics(3).airF));
    expect(generic.values.setpoint).toBe(fToC(35));
    for (const unit of [1, 2, 3]) {
      expect(physics(unit).state).toBe(readings.get(unit)?.state);
      expect(physics(unit).airF).toBeGreaterThan(30);
      expect(physics(unit).airF).toBeLessThan(41);
    }
  });

  it("gives a defrost through the Danfoss state code and Carel's defrost flag", async () => {
    let now = Date.parse('2026-06-01T12:00:00Z');
    const { bus, readings } = await pollSimulatedBus({ clock: () => now });
    await waitFor(() => readings.size === 3, 'a reading of each unit');
    for (const unit of [1, 2]) {
      const d = defrostOf(bus.units.get(unit)?.cycleSeed as number, now + 86_400_000);
      now = d.start + 5 * 60_000;
      // A poll begun before the clock moved may have read some registers of the earlier moment.
      for (let polls = 0; polls < 2; polls++) {
        readings.clear();
        await waitFor(() => readings.has(unit), `a reading of unit ${unit}`);
      }
      expect(bus.units.get(unit)?.readings()?.state).toBe('defrost');
      expect(readings.get(unit)?.state).toBe('defrost');
      if (unit === 2) expect(readings.get(unit)?.values.compressor).toBe(0);
    }
  });

  it("turns faults into the profile's state and alarm registers, and a silent unit into an offline child", async () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const { bus, readings, events } = await pollSimulatedBus({ clock: () => now });
    await waitFor(() => readings.size === 3, 'a reading of each unit');
    for (const unit of [1, 2, 3]) bus.inject(unit, 'sensor_failure');
    for (let polls = 0; polls < 2; polls++) {
      readings.clear();
      await waitFor(() => readings.size === 3, 'a reading of each unit');
    }
    // Only the generic profile's state map has a fault code; the Danfoss and Carel maps say it by alarm.
    expect([1, 2, 3].map((u) => readings.get(u)?.state)).toEqual(['ok', 'ok', 'fault']);
    expect([...(readings.get(1)?.alarms ?? [])]).toEqual(['controller_alarm']); // the sum alarm
    expect([...(readings.get(2)?.alarms ?? [])]).toEqual(['probe1_fault']);
    expect([...(readings.get(3)?.alarms ?? [])]).toEqual(['probe_fault']);

    bus.clear(1);
    bus.inject(3, 'offline');
    await waitFor(() => events.includes('sim-3 offline no_response'), 'unit 3 offline');
    readings.clear();
    await waitFor(() => readings.has(1), 'a reading of unit 1');
    expect(readings.get(1)?.alarms.size).toBe(0);
    expect(readings.get(1)?.state).not.toBe('fault');
    expect(readings.has(3)).toBe(false);
  });

  it('answers in the time the request and the answer take on the line at its baud', async () => {
    const line = { baud: 9600, parity: 'even', data_bits: 8, stop_bits: 1 } as const;
    // 8E1: 11 bits a character; one register: (3.5 + 8 + 3.5 + 5 + 2) characters.
    expect(transactionMs(line, 'holding', 1)).toBeCloseTo((22 * 11 * 1000) / 9600, 6);
    const now = Date.parse('2026-06-01T12:00:00Z');
    const { bus, poller, readings } = await pollSimulatedBus({ clock: () => now, line });
    await waitFor(() => readings.size === 3, 'a reading of each unit');
    const danfossMs = [1, 1, 1, 3, 1, 1].reduce((sum, n) => sum + transactionMs(line, 'holding', n), 0);
    const danfossPoll = poller.unitStates().find((u) => u.unit === 1)?.lastPollMs ?? 0;
    expect(danfossPoll).toBeGreaterThanOrEqual(danfossMs - 1);
    expect(danfossPoll).toBeLessThan(danfossMs * 1.5 + 20);
    await poller.stop();
    expect(bus.stats().answered).toBe(bus.stats().requests);
  });
});
