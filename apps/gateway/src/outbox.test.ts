import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from './outbox.ts';

/** Small segments, so a test fills several without thousands of fsyncs. */
const SEGMENT_MESSAGES = 16;

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'rcm-gw-outbox-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const roomy = { maxBytes: 1e9, maxAgeMs: 1e12 };
const ids = (o: Outbox) => o.seqs().map((seq) => o.read(seq)?.body.msg_id);
const segments = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.seg'));

describe('outbox', () => {
  it('keeps each message on disk until it is removed, across a restart, in order', () => {
    const dir = tempDir();
    const a = new Outbox(dir, roomy);
    const [m1, m2, m3] = ['m1', 'm2', 'm3'].map((id) => a.add('t/x', { msg_id: id }));
    a.remove(m2?.seq ?? 0);
    a.close();
    const b = new Outbox(dir, roomy);
    expect(ids(b)).toEqual(['m1', 'm3']);
    expect(b.seqs()).toEqual([m1?.seq, m3?.seq]);
    expect(b.read(m3?.seq ?? 0)).toMatchObject({ topic: 't/x', body: { msg_id: 'm3' } });
    // New sequence numbers continue after the highest on disk.
    expect(b.add('t/x', { msg_id: 'm4' }).seq).toBe((m3?.seq ?? 0) + 1);
    expect(b.stats()).toMatchObject({ depth: 3, dropped: 0 });
    expect(b.newestOf('t/x')).toBe((m3?.seq ?? 0) + 1);
  });

  it('cuts a line the process never finished writing (killed mid-write), and keeps what came before', () => {
    const dir = tempDir();
    const a = new Outbox(dir, roomy);
    a.add('t', { msg_id: 'ok' });
    a.close();
    const [seg] = segments(dir);
    appendFileSync(join(dir, seg as string), '2\t1700000000000\tt\t{"msg_id":"ha');
    const o = new Outbox(dir, roomy);
    expect(ids(o)).toEqual(['ok']);
    expect(readFileSync(join(dir, seg as string), 'utf8').endsWith('{"msg_id":"ok"}\n')).toBe(true);
    // The cut message was never published: its number is used again.
    expect(o.add('t', { msg_id: 'next' }).seq).toBe(2);
    o.close();
    expect(ids(new Outbox(dir, roomy))).toEqual(['ok', 'next']);
  });

  it('keeps thousands of messages in a few segment files, and deletes a segment once all of it is acknowledged', () => {
    const dir = tempDir();
    const o = new Outbox(dir, roomy, Date.now, SEGMENT_MESSAGES);
    const n = SEGMENT_MESSAGES * 2 + 10;
    const seqs = Array.from({ length: n }, (_, i) => o.add(`t/${i % 3}`, { msg_id: `m${i}` }).seq);
    expect(segments(dir)).toHaveLength(3);
    // Acknowledged out of order, as a replay window's PUBACKs may come: the first segment goes when all of it has.
    for (const seq of seqs.slice(0, SEGMENT_MESSAGES).reverse()) o.remove(seq);
    expect(segments(dir)).toHaveLength(2);
    o.remove(seqs[SEGMENT_MESSAGES + 5] as number);
    o.close();
    const b = new Outbox(dir, roomy, Date.now, SEGMENT_MESSAGES);
    expect(b.stats().depth).toBe(n - SEGMENT_MESSAGES - 1);
    expect(b.has(seqs[SEGMENT_MESSAGES + 5] as number)).toBe(false);
    expect(b.nextAfter(0)).toBe(seqs[SEGMENT_MESSAGES]);
    expect(b.newestOf('t/0')).toBe(seqs.filter((_, i) => i % 3 === 0).at(-1));
  });

  it('drops the oldest past max size and counts the drops, across restarts', () => {
    const dir = tempDir();
    const body = { msg_id: 'm9', pad: 'p'.repeat(100) };
    const probe = new Outbox(dir, roomy);
    const one = probe.add('t', body).bytes;
    probe.close();
    rmSync(dir, { recursive: true });
    const o = new Outbox(dir, { maxBytes: one * 3, maxAgeMs: 1e12 });
    for (let i = 0; i < 5; i++) o.add('t', { ...body, msg_id: `m${i}` });
    expect(ids(o)).toEqual(['m2', 'm3', 'm4']);
    expect(o.stats()).toMatchObject({ depth: 3, dropped: 2 });
    o.close();
    const again = new Outbox(dir, { maxBytes: one * 3, maxAgeMs: 1e12 });
    expect(again.stats()).toMatchObject({ depth: 3, dropped: 2 });
    expect(ids(again)).toEqual(['m2', 'm3', 'm4']);
  });

  it('drops what is older than max age', () => {
    const dir = tempDir();
    let now = 1_000_000;
    const o = new Outbox(dir, { maxBytes: 1e9, maxAgeMs: 500 }, () => now);
    o.add('t', { msg_id: 'old' });
    now += 400;
    o.add('t', { msg_id: 'newer' });
    now += 200;
    o.expire();
    expect(ids(o)).toEqual(['newer']);
    expect(o.stats()).toMatchObject({ depth: 1, dropped: 1, oldest: 1_000_400 });
  });

  it('makes a burst of writes durable with a shared sync, each one on disk when its sync resolves', async () => {
    const dir = tempDir();
    const o = new Outbox(dir, roomy, Date.now, SEGMENT_MESSAGES);
    const synced: number[] = [];
    const writes = Array.from({ length: SEGMENT_MESSAGES + 5 }, (_, i) => {
      const e = o.add('t', { msg_id: `m${i}` });
      return o.sync().then(() => synced.push(e.seq));
    });
    await Promise.all(writes);
    // Resolved in the order written, across a segment's rollover.
    expect(synced).toEqual([...synced].sort((a, b) => a - b));
    expect(synced).toHaveLength(SEGMENT_MESSAGES + 5);
    o.close();
    expect(ids(new Outbox(dir, roomy, Date.now, SEGMENT_MESSAGES))).toEqual(
      Array.from({ length: SEGMENT_MESSAGES + 5 }, (_, i) => `m${i}`),
    );
  });
});
