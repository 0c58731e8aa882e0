import type { SearchGroup, SearchKind } from '@rcm/shared/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, demoMac, seedAlarms } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t.database.db, {
    from: 'manager@example.com',
    email: 'north@example.com',
    organizationName: 'Northwind Grocers',
  });
  await addUser(t.database.db, {
    from: 'viewer@example.com',
    email: 'nosearch@example.com',
    permissions: ['alarms_view'],
  });
  for (const who of ['admin', 'manager', 'viewer', 'technician', 'north', 'nosearch'])
    tokens[who] = await login(t.app, `${who}@example.com`);
});
afterAll(async () => {
  await t?.close();
});

async function search(who: string, q: string, locale?: string) {
  const res = await t.app.inject({
    url: `/api/search?q=${encodeURIComponent(q)}`,
    headers: headers(tokens[who], locale),
  });
  return res;
}

async function groups(who: string, q: string, locale?: string): Promise<Map<SearchKind, SearchGroup['items']>> {
  const res = await search(who, q, locale);
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json().data.groups as SearchGroup[]).map((g) => [g.kind, g.items]));
}

const titles = (items: SearchGroup['items'] | undefined) => (items ?? []).map((i) => i.title);

describe('GET /api/search', () => {
  it('finds a location and its controllers by a misspelled store name', async () => {
    const found = await groups('admin', 'Rivrside');
    expect(titles(found.get('locations'))).toEqual(['FreshMart #102 Riverside']);
    // Controllers 1, 13, 25 and 37 of the demo stand in FreshMart #102 Riverside.
    const controllers = found.get('controllers') ?? [];
    expect(controllers.map((c) => c.id).sort((a, b) => a - b)).toEqual([2, 14, 26, 38]);
    expect(controllers[0]?.subtitle).toContain('FreshMart #102 Riverside');
  });

  it('finds a controller by part of its MAC address, with or without separators', async () => {
    const mac = demoMac(12); // 02:52:43:00:10:0c
    for (const q of ['10:0c', '00100C', mac]) {
      const ids = (await groups('technician', q)).get('controllers')?.map((c) => c.id);
      expect(ids, q).toContain(13);
    }
  });

  it('tolerates typos in organization names and matches addresses and cities', async () => {
    expect(titles((await groups('admin', 'Frehsmart')).get('organizations'))).toContain('FreshMart Foods');
    const monterrey = titles((await groups('admin', 'Monterey')).get('locations'));
    expect(monterrey.sort()).toEqual(['Valle Verde Centro', 'Valle Verde Cumbres']);
  });

  it('shows only what the caller may see', async () => {
    // The manager sees FreshMart only: no Valle Verde anywhere.
    const manager = await groups('manager', 'Valle Verde');
    expect(manager.get('organizations')).toEqual([]);
    expect(manager.get('locations')).toEqual([]);
    expect(manager.get('controllers')).toEqual([]);
    // The viewer sees two of FreshMart's stores: #103 is not among them.
    const viewer = await groups('viewer', 'FreshMart');
    expect(titles(viewer.get('locations')).sort()).toEqual(['FreshMart #101 Downtown', 'FreshMart #102 Riverside']);
    expect(titles((await groups('viewer', 'Cedar Park')).get('locations'))).toEqual([]);
    // A Northwind manager searching FreshMart finds nothing of FreshMart's.
    const north = await groups('north', 'FreshMart');
    for (const kind of ['organizations', 'locations', 'controllers'] as const)
      expect(north.get(kind), kind).toEqual([]);
  });

  it('lists users only to settings viewers', async () => {
    expect(titles((await groups('admin', 'Maria Manager')).get('users'))).toContain('María Manager');
    expect((await groups('manager', 'Maria')).has('users')).toBe(false);
    expect((await groups('viewer', 'Maria')).has('users')).toBe(false);
  });

  it('finds alarms by ref and by reason, within scope', async () => {
    const [alarm] = await seedAlarms(t.database.db, [{ controller: 0, status: 'active' }]);
    if (!alarm) throw new Error('no alarm seeded');
    const byRef = (await groups('manager', String(alarm.ref))).get('alarms') ?? [];
    expect(byRef.map((a) => a.ref)).toEqual([String(alarm.ref)]);
    expect((await groups('manager', `#${alarm.ref}`)).get('alarms')?.[0]?.ref).toBe(String(alarm.ref));
    expect((await groups('north', String(alarm.ref))).get('alarms')).toEqual([]);
    const byReason = (await groups('admin', 'superheet')).get('alarms') ?? [];
    expect(byReason.map((a) => a.ref)).toContain(String(alarm.ref));
  });

  it('finds an alarm by its Spanish reason too, and titles it in the caller’s language', async () => {
    const [alarm] = await seedAlarms(t.database.db, [{ controller: 0, status: 'active' }]);
    if (!alarm) throw new Error('no alarm seeded');
    await t.database.db.execute(
      sql`update alarms set reason = 'Low oil pressure: Rack A oil pressure 5 psi below 10 psi',
            reason_es = 'Presión de aceite baja: Rack A presión de aceite 5 psi por debajo de 10 psi' where id = ${alarm.id}`,
    );
    const hit = async (q: string, locale: string) =>
      ((await groups('manager', q, locale)).get('alarms') ?? []).find((a) => a.ref === String(alarm.ref));
    expect((await hit('presión de aceite', 'es-MX'))?.title).toBe(
      `#${alarm.ref} Presión de aceite baja: Rack A presión de aceite 5 psi por debajo de 10 psi`,
    );
    expect((await hit('presión de aceite', 'en-US'))?.title).toBe(
      `#${alarm.ref} Low oil pressure: Rack A oil pressure 5 psi below 10 psi`,
    );
    expect((await hit('oil pressure', 'es-MX'))?.title).toContain('Presión de aceite baja');
    // Another organization's user finds nothing of it, in either language.
    const north = (await groups('north', 'presión de aceite', 'es-MX')).get('alarms') ?? [];
    expect(north.map((a) => a.ref)).not.toContain(String(alarm.ref));
  });

  it('rejects an empty query with a localized error and needs search_view', async () => {
    const empty = await search('admin', '   ', 'es-MX');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.code).toBe('validation_failed');
    const fields = empty.json().error.details.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field)).toEqual(['q']);
    expect(empty.json().error.message).not.toBe((await search('admin', '', 'en-US')).json().error.message);
    expect((await search('nosearch', 'FreshMart')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/search?q=x' })).statusCode).toBe(401);
  });

  it('treats LIKE wildcards as text', async () => {
    const found = await groups('admin', '%_%');
    for (const [, items] of found) expect(items).toEqual([]);
  });
});
