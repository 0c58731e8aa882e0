import type { JobCategory, JobCategoryList, JobDetail } from '@rcm/shared/jobs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, locations } from '../../db/schema.ts';
import { addOutsider, addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let storeId = 0;
let outsiderStoreId = 0;

beforeAll(async () => {
  t = await createTestApp();
  // A settings administrator of one customer organization: may change its own settings, not shared ones.
  await addUser(t.database.db, {
    from: 'manager@example.com',
    email: 'fm-settings@example.com',
    permissions: ['settings_view', 'settings_update', 'jobs_view', 'jobs_create'],
  });
  await addOutsider(t.database.db, 'outsider@example.com');
  for (const who of ['admin', 'manager', 'fm-settings', 'outsider']) {
    tokens[who] = await login(t.app, `${who}@example.com`);
  }
  const [store] = await t.database.db.select().from(locations).where(eq(locations.name, 'FreshMart #101 Downtown'));
  const [other] = await t.database.db.select().from(locations).where(eq(locations.name, 'Valle Verde Centro'));
  storeId = store?.id ?? 0;
  outsiderStoreId = other?.id ?? 0;
});
afterAll(() => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: string,
  payload?: object,
  locale?: string,
) =>
  t.app.inject({ method, url: `/api/${url}`, headers: headers(tokens[who], locale), ...(payload ? { payload } : {}) });

const offered = async (who = 'manager') =>
  ((await call('GET', 'jobs/categories', who)).json().data as JobCategory[]).filter((c) => c.selectable);

describe('job categories under settings', () => {
  it('lists the demo categories, managed here, with their job counts', async () => {
    const res = await call('GET', 'settings/job-categories', 'admin');
    const body = res.json() as JobCategoryList;
    expect(body.meta).toMatchObject({ managed_by: 'local', page: 1, per_page: 25 });
    expect(body.data.map((c) => c.name)).toContain('Preventive Maintenance');
    expect(body.data.every((c) => c.provider === 'local' && !c.archived && c.selectable)).toBe(true);
    expect(body.data.some((c) => c.job_count > 0)).toBe(true);
  });

  it('creates, renames, archives and restores a category, each audited', async () => {
    const created = await call('POST', 'settings/job-categories', 'admin', { name: 'Case Install' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect((await offered()).map((c) => c.name)).toContain('Case Install');
    const renamed = await call('PATCH', `settings/job-categories/${id}`, 'admin', { name: 'Case Installation' });
    expect(renamed.json().data).toMatchObject({ name: 'Case Installation', archived: false });

    const job = await call('POST', 'jobs', 'manager', {
      title: 'Install deli case',
      location_id: storeId,
      category_id: id,
    });
    expect(job.statusCode).toBe(201);
    expect((await call('DELETE', `settings/job-categories/${id}`, 'admin')).statusCode).toBe(204);
    expect((await offered()).some((c) => c.id === id)).toBe(false);
    // Jobs filed under it keep it, and may keep it when edited ...
    const jobId = (job.json().data as JobDetail).id;
    expect((await call('GET', `jobs/${jobId}`, 'manager')).json().data.category).toEqual({
      id,
      name: 'Case Installation',
    });
    const edit = await call('PATCH', `jobs/${jobId}`, 'manager', {
      title: 'Install deli case',
      description: '',
      category_id: id,
      priority: 'LOW',
    });
    expect(edit.statusCode).toBe(200);
    // ... but no new job takes it (localized), and nothing is created.
    const refused = await call(
      'POST',
      'jobs',
      'manager',
      { title: 'Another', location_id: storeId, category_id: id },
      'es-MX',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details.fields).toEqual([
      { field: 'category_id', message: 'Elige una de las categorías de la lista.' },
    ]);

    const restored = await call('PATCH', `settings/job-categories/${id}`, 'admin', { archived: false });
    expect(restored.json().data).toMatchObject({ archived: false, selectable: true, job_count: 1 });
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'job_category'), eq(auditLog.subjectId, String(id))))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'job_category.create',
      'job_category.update',
      'job_category.archive',
      'job_category.restore',
    ]);
  });

  it('refuses a taken name (any case, archived ones included) with a localized field error', async () => {
    const res = await call('POST', 'settings/job-categories', 'admin', { name: 'installation' }, 'es-MX');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields).toEqual([
      { field: 'name', message: 'Otra categoría ya tiene este nombre (incluidas las archivadas).' },
    ]);
    const empty = await call('POST', 'settings/job-categories', 'admin', { name: '  ' });
    expect(empty.statusCode).toBe(422);
  });

  it('lets only settings administrators who see every organization change the shared categories', async () => {
    const [first] = await offered();
    expect((await call('POST', 'settings/job-categories', 'fm-settings', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('PATCH', `settings/job-categories/${first?.id}`, 'fm-settings', { name: 'X' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `settings/job-categories/${first?.id}`, 'outsider')).statusCode).toBe(403);
    expect((await call('GET', 'settings/job-categories', 'manager')).statusCode).toBe(403);
    expect((await call('DELETE', 'settings/job-categories/999999', 'admin')).statusCode).toBe(404);
    expect((await offered()).map((c) => c.id)).toContain(first?.id);
  });
});

describe('creating a job without an alarm', () => {
  it('offers the stores of the caller’s scope (403 without jobs_create)', async () => {
    const mine = (await call('GET', 'jobs/locations', 'manager')).json().data as { organization_name: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => l.organization_name === 'FreshMart Foods')).toBe(true);
    const theirs = (await call('GET', 'jobs/locations', 'outsider')).json().data as { id: number }[];
    expect(theirs.map((l) => l.id)).toContain(outsiderStoreId);
    expect(theirs.map((l) => l.id)).not.toContain(storeId);
    tokens.viewer = await login(t.app, 'viewer@example.com');
    expect((await call('GET', 'jobs/locations', 'viewer')).statusCode).toBe(403);
  });

  it('files a preventive maintenance job at a store, with no controller or alarm', async () => {
    const [pm] = (await offered()).filter((c) => c.name === 'Preventive Maintenance');
    const res = await call('POST', 'jobs', 'manager', {
      title: 'Quarterly coil cleaning',
      description: 'All condensers',
      location_id: storeId,
      category_id: pm?.id,
      priority: 'LOW',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'New',
      alarm: null,
      controller: null,
      location: { id: storeId },
      category: { id: pm?.id, name: 'Preventive Maintenance' },
    });
  });

  it('refuses a store of another organization as a localized field error', async () => {
    const res = await call('POST', 'jobs', 'manager', { title: 'Not mine', location_id: outsiderStoreId }, 'es-MX');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields).toEqual([
      { field: 'location_id', message: 'Elige una ubicación que puedas ver.' },
    ]);
  });
});
