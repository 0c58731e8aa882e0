import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../../events/bus.ts';
import { query } from '../../../lib/sql.ts';
import { demoMac } from '../../../test/alarms.ts';
import { telemetry } from '../../../test/device.ts';
import { usePipelineDatabase } from '../../../test/pipeline.ts';
import { createIngestPipeline } from './pipeline.ts';

const fx = usePipelineDatabase();
const { clock, ingest } = fx;

describe('ingest pipeline batches', () => {
  it('stores point addresses with tabs, newlines and backslashes exactly (COPY on PostgreSQL escapes them)', async () => {
    const { pipeline, registry } = ingest(1);
    const mac = demoMac(8);
    const device = await registry.get(mac);
    if (!device) throw new Error('demo controller missing');
    const message = telemetry(new Date(clock.now.getTime() + 30_000));
    const odd = ['A.\\P1', 'A.P\t2', 'A.P\n3\r', 'A.P\\N'];
    (message.racks[0] as { points: unknown[] }).points = odd.map((addr, i) => ({ addr, value: i + 0.5, status: 'ok' }));
    await pipeline.submit(mac, 'telemetry', message);
    const rows = await query<{ key: string; value: number }>(
      fx.database.db,
      sql`select key, value from readings where controller_id = ${device.id} and ts = ${message.ts}::timestamptz
          and key not like 'A:%' order by value`,
    );
    expect(rows.map((r) => r.key)).toEqual(odd);
    expect(rows.map((r) => Number(r.value))).toEqual([0.5, 1.5, 2.5, 3.5]);
  });

  it('stores copies of one message in the same batch once, and a copy of an earlier batch’s message not at all', async () => {
    const { pipeline, registry } = ingest(1);
    const mac = demoMac(9);
    const device = await registry.get(mac);
    if (!device) throw new Error('demo controller missing');
    const readings = async () =>
      Number(
        (
          await query<{ n: number }>(
            fx.database.db,
            sql`select count(*)::int as n from readings where controller_id = ${device.id}`,
          )
        )[0]?.n,
      );
    const before = await readings();
    const first = telemetry(new Date(clock.now.getTime() + 45_000), {}, `same-batch-${Date.now()}`);
    const other = telemetry(new Date(clock.now.getTime() + 46_000));
    // Submitted together, without awaiting: one batch.
    const answers = await Promise.all([first, first, other, first].map((m) => pipeline.submit(mac, 'telemetry', m)));
    const stored = { ok: true, stored: true };
    const repeat = { ok: true, stored: false, duplicate: true };
    expect(answers).toEqual([stored, repeat, stored, repeat]);
    const perMessage = 3 + 3; // three rack metrics and three points with values
    expect(await readings()).toBe(before + 2 * perMessage);
    expect(pipeline.stats()).toMatchObject({ accepted: 2, duplicates: 2, batches: 1 });
    expect(await pipeline.submit(mac, 'telemetry', first)).toEqual(repeat);
    expect(await readings()).toBe(before + 2 * perMessage);
    expect(pipeline.stats()).toMatchObject({ accepted: 2, duplicates: 3 });
  });

  it('rejects a message with a NUL character and still stores the other messages of its batch', async () => {
    const { pipeline, registry } = ingest(1);
    const [bad, good] = [demoMac(10), demoMac(11)];
    const goodDevice = await registry.get(good);
    if (!goodDevice) throw new Error('demo controller missing');
    const poisoned = JSON.stringify(telemetry(new Date(clock.now.getTime() + 50_000))).replace(
      'A.SUCT',
      'A.\\u0000SUCT',
    );
    expect(poisoned).toContain('\\u0000');
    const sent = telemetry(new Date(clock.now.getTime() + 50_000));
    const [rejected, stored] = await Promise.all([
      pipeline.submit(bad, 'telemetry', Buffer.from(poisoned)),
      pipeline.submit(good, 'telemetry', sent),
    ]);
    expect(rejected).toEqual({ ok: false, reason: 'malformed' });
    expect(stored).toEqual({ ok: true, stored: true });
    const [row] = await query<{ n: number }>(
      fx.database.db,
      sql`select count(*)::int as n from readings where controller_id = ${goodDevice.id} and ts = ${sent.ts}::timestamptz`,
    );
    expect(Number(row?.n)).toBeGreaterThan(0);
  });
  it('calls each message’s done once, after its batch commits and the committed listeners ran; a failed batch gets the error', async () => {
    const { pipeline, registry, rules } = ingest(1);
    const mac = demoMac(12);
    const device = await registry.get(mac);
    if (!device) throw new Error('demo controller missing');
    const order: string[] = [];
    const seen: string[] = [];
    const stop = pipeline.onCommitted((batch) => {
      order.push('committed');
      for (const { item } of batch) if (item.channel === 'telemetry') seen.push(item.message.msg_id);
    });
    const sent = [1, 2, 3].map((i) => telemetry(new Date(clock.now.getTime() + 60_000 + i * 1000)));
    const results = await Promise.all(
      sent.map(
        (m, i) =>
          new Promise<unknown[]>((resolve) =>
            pipeline.submitTo(mac, 'telemetry', m, (...args) => {
              order.push(`done ${i}`);
              resolve(args);
            }),
          ),
      ),
    );
    expect(results).toEqual(sent.map(() => [null, { ok: true, stored: true }]));
    expect(order).toEqual(['committed', 'done 0', 'done 1', 'done 2']);
    expect(seen).toEqual(sent.map((m) => m.msg_id));
    // Bad input and an unknown device are answered at once, with no batch.
    const unknown = await new Promise<unknown[]>((resolve) =>
      pipeline.submitTo('02:00:00:00:ff:ee', 'telemetry', telemetry(clock.now), (...args) => resolve(args)),
    );
    expect(unknown).toEqual([null, { ok: false, reason: 'unknown_device' }]);
    stop();
    // A batch that cannot be written (its transaction fails every attempt): every message's done gets the error, once.
    const failing = createIngestPipeline({
      db: { transaction: () => Promise.reject(new Error('database gone')) } as unknown as typeof fx.database.db,
      registry,
      rules,
      bus: createEventBus(),
      log: Fastify({ logger: false }).log,
      now: () => clock.now,
    });
    const calls: unknown[][] = [];
    await Promise.all(
      [4, 5].map(
        (i) =>
          new Promise<void>((resolve) =>
            failing.submitTo(
              mac,
              'telemetry',
              telemetry(new Date(clock.now.getTime() + 60_000 + i * 1000)),
              (...args) => {
                calls.push(args);
                resolve();
              },
            ),
          ),
      ),
    );
    // Every lane has finished with its batch: a second call of a done would have come by now.
    await failing.flush();
    expect(calls.map(([err, result]) => [(err as Error)?.message, result])).toEqual([
      ['database gone', undefined],
      ['database gone', undefined],
    ]);
    // What arrives while a failing batch is retried fails with it: an outage does not pile messages up.
    let attempts = 0;
    const gone = createIngestPipeline({
      db: {
        transaction: () => {
          attempts += 1;
          return Promise.reject(new Error('database gone'));
        },
      } as unknown as typeof fx.database.db,
      registry,
      rules,
      bus: createEventBus(),
      log: Fastify({ logger: false }).log,
      now: () => clock.now,
    });
    const failed: string[] = [];
    const send = (i: number) =>
      new Promise<void>((resolve) =>
        gone.submitTo(mac, 'telemetry', telemetry(new Date(clock.now.getTime() + 120_000 + i * 1000)), (err) => {
          failed.push(`${i} ${(err as Error)?.message}`);
          resolve();
        }),
      );
    const first = send(0);
    // The batch's first attempt failed; the next waits 200 ms, and these two queue meanwhile.
    await vi.waitFor(() => expect(attempts).toBe(1), { interval: 5 });
    await Promise.all([first, send(1), send(2)]);
    expect(failed.sort()).toEqual(['0 database gone', '1 database gone', '2 database gone']);
    // One batch's attempts, not a second round for the messages behind it.
    expect(attempts).toBe(3);
  });
});
