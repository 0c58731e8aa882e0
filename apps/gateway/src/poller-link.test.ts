import { type AddressInfo, createServer } from 'node:net';
import { startModbusBus } from '@rcm/simulator/modbus-bus';
import { describe, expect, it } from 'vitest';
import { BusPoller } from './poller.ts';
import { simUnit, startModbusServer } from './testing/modbus-server.ts';
import { generic, loopbackTransport, TIMING } from './testing/poller-harness.ts';
import { waitFor } from './testing/wait-for.ts';
import { modbusTransport } from './transport.ts';

describe('a bus whose link is down', () => {
  /** A loopback port nothing listens on: a connection to it is refused, as by a converter that is off. */
  async function refusedPort(): Promise<number> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return port;
  }

  it('is told apart from units not answering: the bus is down, its units offline with link_down, the link retried with backoff, and back with its units', async () => {
    const port = await refusedPort();
    const events: string[] = [];
    const logs: string[] = [];
    const readings: string[] = [];
    const bus = {
      name: 'conv',
      tcp: { host: '127.0.0.1', port, framing: 'mbap' as const },
      request_delay_ms: 0,
      timeout_ms: 200,
      retries: 1,
      offline_after_failures: 2,
      backoff_s: 60,
    };
    const poller = new BusPoller(
      'conv',
      modbusTransport(bus),
      TIMING,
      [1, 2, 3].map((u) => ({ child: `conv-${u}`, unit: u, pollMs: 50, profile: generic })),
      {
        reading: (child) => readings.push(child),
        offline: (child, reason) => events.push(`${child} offline ${reason}`),
        online: (child) => events.push(`${child} online`),
        link: (up) => events.push(`link ${up ? 'up' : 'down'}`),
        log: (m) => logs.push(m),
      },
    );
    poller.start();
    let sim: Awaited<ReturnType<typeof startModbusBus>> | null = null;
    try {
      await waitFor(() => events.length >= 4, 'the bus down and its units offline');
      expect(events).toEqual([
        'link down',
        'conv-1 offline link_down',
        'conv-2 offline link_down',
        'conv-3 offline link_down',
      ]);
      expect(poller.stats.linkUp).toBe(false);
      expect(poller.stats.linkError).toMatch(new RegExp(`cannot open 127.0.0.1:${port}: .*ECONNREFUSED`));
      expect(poller.unitStates().map((u) => [u.online, u.reason, u.failures])).toEqual([
        [false, 'link_down', 0],
        [false, 'link_down', 0],
        [false, 'link_down', 0],
      ]);
      expect(logs[0]).toMatch(
        /^conv: cannot open .*; the bus is down, its 3 units offline; trying the link again in 1 s/,
      );
      // The first failed request, then a try after 1 s, the next 2 s later: not one try per unit and poll.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(poller.stats.errors).toBe(2);
      expect(poller.stats.timeouts).toBe(0);

      const units = [1, 2, 3].map((unit) => ({ unit, profile: generic }));
      sim = await startModbusBus({ port, units, seed: 1 });
      await waitFor(
        () => ['conv-1', 'conv-2', 'conv-3'].every((c) => events.includes(`${c} online`)),
        'units back',
        5_000,
      );
      expect(events.slice(4, 5)).toEqual(['link up']);
      expect(poller.stats.errors).toBe(2); // the try 2 s after the last found the converter back
      expect(poller.stats.linkUp).toBe(true);
      expect(logs).toContain(`conv: the link to 127.0.0.1:${port} is back; polling its units`);

      // The converter goes away again: the live connection drops, and the bus is down again.
      await sim.close();
      sim = null;
      await waitFor(() => events.filter((e) => e === 'link down').length === 2, 'the bus down again');
      await waitFor(() => events.filter((e) => e.endsWith('offline link_down')).length === 6, 'units offline again');
    } finally {
      await poller.stop();
      await sim?.close();
    }
  });

  it('delays no other bus: a live bus keeps its poll rate while another is down', async () => {
    const downPort = await refusedPort();
    const server = await startModbusServer(new Map([[1, simUnit({ 0: 1 })]]));
    const counts = { live: 0, down: 0 };
    const poll = (name: 'live' | 'down', port: number) =>
      new BusPoller(
        name,
        loopbackTransport(name, port, { timeout_ms: 200, backoff_s: 60 }),
        { ...TIMING, backoffMs: 200 },
        [{ child: `${name}-1`, unit: 1, pollMs: 20, profile: generic }],
        { reading: () => counts[name]++, offline: () => {}, online: () => {}, log: () => {} },
      );
    const live = poll('live', server.port);
    const down = poll('down', downPort);
    live.start();
    down.start();
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      // 20 ms polls for a second: about 50; the down bus retried its link every 200 ms meanwhile.
      expect(counts.live).toBeGreaterThan(30);
      expect(counts.down).toBe(0);
      expect(down.stats.linkUp).toBe(false);
      expect(down.stats.errors).toBeGreaterThanOrEqual(4);
    } finally {
      await live.stop();
      await down.stop();
      await server.close();
    }
  });
});
