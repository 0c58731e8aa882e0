import { describe, expect, it } from 'vitest';
import { BusPoller } from './poller.ts';
import { simUnit, startModbusServer } from './testing/modbus-server.ts';
import { carel, count, danfoss, generic, harness, loopbackTransport, TIMING } from './testing/poller-harness.ts';
import { waitFor } from './testing/wait-for.ts';

describe('polling over Modbus TCP (modbus-serial ServerTCP)', () => {
  it('decodes a Danfoss AK-CC55 and a Carel ir33 end to end', async () => {
    const units = new Map([
      [1, simUnit({ 2531: -45, 2543: -120, 1010: -30, 2529: -41, 2530: -44, 99: 20, 2006: 17, 2540: 0 })],
      [2, simUnit({ 4: -52, 5: -150, 3: -50, 6: 0 }, { 31: true, 16: true })],
    ]);
    const h = await harness(units, [
      { child: 'b1-1', unit: 1, pollMs: 60_000, profile: danfoss },
      { child: 'b1-2', unit: 2, pollMs: 60_000, profile: carel },
    ]);
    await waitFor(() => h.readings.length === 2, 'a reading of each unit');
    const [d, c] = [h.readings.find((r) => r.child === 'b1-1'), h.readings.find((r) => r.child === 'b1-2')];
    expect(d?.reading.values).toEqual({ air: -4.5, evap: -12, s5: -3, s3: -4.1, s4: -4.4, cutout: 2 });
    expect(d?.reading.state).toBe('door_open');
    expect(d?.reading.alarms.size).toBe(0);
    expect(c?.reading.values).toMatchObject({ probe1: -5.2, probe2: -15, compressor: 0 });
    expect(c?.reading.state).toBe('defrost');
    expect([...(c?.reading.alarms ?? [])]).toEqual(['high_temperature']);
    expect(h.events).toEqual(['b1-1 online', 'b1-2 online']);
    // The Danfoss's nine values in six requests: 2529..2531 is one read.
    const unit1 = h.server.requests.filter((r) => r.unit === 1).map((r) => `${r.table} ${r.address}+${r.length}`);
    expect(unit1).toEqual([
      'holding 99+1',
      'holding 1010+1',
      'holding 2006+1',
      'holding 2529+3',
      'holding 2540+1',
      'holding 2543+1',
    ]);
  });

  it('never has two requests in flight on the bus', async () => {
    const units = new Map([1, 2, 3, 4].map((u) => [u, simUnit({ 0: u * 10 })]));
    const specs = [1, 2, 3, 4].map((u) => ({ child: `b1-${u}`, unit: u, pollMs: 1, profile: generic }));
    const h = await harness(units, specs, { requestDelayMs: 0 });
    await waitFor(() => specs.every((s) => count(h, s.child) >= 5), 'five polls of each unit');
    // The generic profile's five registers are one request per poll.
    expect(h.server.requests.length).toBeGreaterThanOrEqual(4 * 5);
    expect(h.server.maxInFlight()).toBe(1);
    expect(h.poller.stats.errors).toBe(0);
    expect(h.readings.find((r) => r.child === 'b1-3')?.reading.values.air).toBe(3);
  });

  it('sees two requests in flight when two clients do send at once (the instrument works)', async () => {
    const server = await startModbusServer(new Map([[1, simUnit({ 0: 5 })]]), 20);
    // A port of its own (ServerTCP would take "port 0" as 502, shared by every test file running at once).
    expect(server.port).not.toBe(502);
    const bus = (n: string) => loopbackTransport(n, server.port, { timeout_ms: 500 });
    const [a, b] = [bus('a'), bus('b')];
    try {
      expect(await Promise.all([a.read(1, 'holding', 0, 1, 500), b.read(1, 'holding', 0, 1, 500)])).toEqual([[5], [5]]);
      expect(server.maxInFlight()).toBe(2);
      // One bus refuses a second request while its first is in flight.
      const first = a.read(1, 'holding', 0, 1, 500);
      await expect(a.read(1, 'holding', 0, 1, 500)).rejects.toThrow(/a second request while one is in flight/);
      await first;
    } finally {
      await a.close();
      await b.close();
      await server.close();
    }
  });

  it('keeps polling when handling a reading fails (a full disk under the outbox)', async () => {
    const units = new Map([[1, simUnit({ 0: 1 })]]);
    const server = await startModbusServer(units);
    const logs: string[] = [];
    let readings = 0;
    const poller = new BusPoller(
      'b1',
      loopbackTransport('b1', server.port),
      TIMING,
      [{ child: 'b1-1', unit: 1, pollMs: 1, profile: generic }],
      {
        reading: () => {
          readings++;
          throw new Error('ENOSPC: no space left on device');
        },
        offline: () => {},
        online: () => {},
        log: (m) => logs.push(m),
      },
    );
    poller.start();
    try {
      await waitFor(() => readings >= 3, 'three polls');
    } finally {
      await poller.stop();
      await server.close();
    }
    expect(logs[0]).toBe('b1: polling unit 1 failed: ENOSPC: no space left on device');
  });

  it('backs off a dead unit: after going offline it costs the others no request until its backoff', async () => {
    const units = new Map([
      [1, simUnit({ 0: 1 })],
      [2, simUnit({ 0: 2 })],
      [3, { ...simUnit(), dead: true }],
    ]);
    const specs = [1, 2, 3].map((u) => ({ child: `b1-${u}`, unit: u, pollMs: 1, profile: generic }));
    const h = await harness(units, specs);
    await waitFor(() => h.events.includes('b1-3 offline no_response'), 'unit 3 offline');
    const atOffline = h.server.requests.length;
    await waitFor(() => count(h, 'b1-1') >= 20 && count(h, 'b1-2') >= 20, 'twenty polls of the live units');
    // Two failed polls (offline_after_failures), each one request and its retry: the poll stops at
    // the first block that gets no answer.
    expect(h.server.requests.filter((r) => r.unit === 3)).toHaveLength(4);
    expect(h.server.requests.slice(atOffline).some((r) => r.unit === 3)).toBe(false);
    expect(h.poller.stats.timeouts).toBeGreaterThanOrEqual(4);
    expect(h.logs).toContain(
      `unit 3 on 127.0.0.1:${h.server.port} does not answer (holding 0..4); offline after 2 polls, tried again every 60 s`,
    );
    const state = h.poller.unitStates().find((u) => u.child === 'b1-3');
    expect(state).toMatchObject({ online: false, failures: 2, lastGoodPoll: null });
  });

  it('tries an offline unit once per backoff, and takes it back with its next good poll', async () => {
    const dead = { ...simUnit({ 0: 7 }), dead: true };
    const units = new Map([
      [1, simUnit({ 0: 1 })],
      [7, dead],
    ]);
    const specs = [1, 7].map((u) => ({ child: `b1-${u}`, unit: u, pollMs: 1, profile: generic }));
    const h = await harness(units, specs, { offlineAfterFailures: 1, retries: 1, backoffMs: 150 });
    await waitFor(() => h.server.requests.filter((r) => r.unit === 7).length >= 4, 'two tries after the backoff');
    expect(h.events.filter((e) => e.startsWith('b1-7'))).toEqual(['b1-7 offline no_response']);
    // The first poll is a request and its retry; once offline, one request per backoff, without retry,
    // and between two of them the live unit is polled many times.
    const seven = h.server.requests.flatMap((r, i) => (r.unit === 7 ? [i] : []));
    expect((seven[1] ?? 0) - (seven[0] ?? 0)).toBe(1);
    expect((seven[3] ?? 0) - (seven[2] ?? 0)).toBeGreaterThan(3);
    dead.dead = false;
    await waitFor(() => count(h, 'b1-7') >= 1, 'a reading of unit 7');
    expect(h.events.filter((e) => e.startsWith('b1-7'))).toEqual(['b1-7 offline no_response', 'b1-7 online']);
    expect(h.logs).toContain(`unit 7 on 127.0.0.1:${h.server.port} answers again`);
  });
});
