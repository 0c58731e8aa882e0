import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from './outbox.ts';

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

describe('outbox', () => {
  it('keeps each message on disk until it is removed, across a restart, in order', () => {
    const dir = tempDir();
    const a = new Outbox(dir, roomy);
    const [m1, m2, m3] = ['m1', 'm2', 'm3'].map((id) => a.add('t/x', { msg_id: id }));
    a.remove(m2?.seq ?? 0);
    const b = new Outbox(dir, roomy);
    expect(b.list().map((e) => b.read(e.seq)?.msg_id)).toEqual(['m1', 'm3']);
    expect(b.list().map((e) => e.seq)).toEqual([m1?.seq, m3?.seq]);
    // New sequence numbers continue after the highest on disk.
    expect(b.add('t/x', { msg_id: 'm4' }).seq).toBe((m3?.seq ?? 0) + 1);
    expect(b.stats()).toMatchObject({ depth: 3, dropped: 0 });
  });

  it('ignores a write the process never finished (a temp file) and drops an unreadable one, counted', () => {
    const dir = tempDir();
    new Outbox(dir, roomy).add('t', { msg_id: 'ok' });
    writeFileSync(join(dir, '000000000000009.json.tmp'), '{"half');
    writeFileSync(join(dir, '000000000000010.json'), '{"broken');
    const o = new Outbox(dir, roomy);
    expect(o.list().map((e) => o.read(e.seq)?.msg_id)).toEqual(['ok']);
    expect(o.stats().dropped).toBe(1);
    expect(existsSync(join(dir, '000000000000009.json.tmp'))).toBe(false);
    expect(new Outbox(dir, roomy).stats().dropped).toBe(1);
  });

  it('drops the oldest past max size and counts the drops, across restarts', () => {
    const dir = tempDir();
    const body = { msg_id: 'm9', pad: 'p'.repeat(100) };
    const one = new Outbox(dir, roomy).add('t', body).bytes;
    rmSync(dir, { recursive: true });
    const o = new Outbox(dir, { maxBytes: one * 3, maxAgeMs: 1e12 });
    for (let i = 0; i < 5; i++) o.add('t', { ...body, msg_id: `m${i}` });
    expect(o.list().map((e) => o.read(e.seq)?.msg_id)).toEqual(['m2', 'm3', 'm4']);
    expect(o.stats()).toMatchObject({ depth: 3, dropped: 2 });
    expect(new Outbox(dir, { maxBytes: one * 3, maxAgeMs: 1e12 }).stats().dropped).toBe(2);
    expect(readdirSync(dir).filter((n) => n.endsWith('.json') && n !== 'dropped.json')).toHaveLength(3);
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
    expect(o.list().map((e) => o.read(e.seq)?.msg_id)).toEqual(['newer']);
    expect(o.stats()).toMatchObject({ depth: 1, dropped: 1, oldest: 1_000_400 });
  });
});
