import type { JobDetail, JobSummary } from '@rcm/shared/jobs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStatusHistory, jobs } from '../../db/schema-jobs.ts';
import { query } from '../../lib/sql.ts';
import { addOutsider, type SeededAlarm, seedAlarms } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers, rowCount } from '../../test/helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
/** An active alarm at FreshMart #101 (demo controller 0) and one at Valle Verde (controller 5). */
let fm: SeededAlarm;
let vv: SeededAlarm;

beforeAll(async () => {
  t = await createTestApp();
  await addOutsider(t.database.db, 'outsider@example.com');
  for (const who of ['admin', 'manager', 'technician', 'viewer', 'outsider']) {
    tokens[who] = await login(t.app, `${who}@example.com`);
  }
  [fm, vv] = (await seedAlarms(t.database.db, [{ controller: 0 }, { controller: 5 }])) as [SeededAlarm, SeededAlarm];
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: string, payload?: object, locale?: string) =>
  t.app.inject({ method, url, headers: headers(tokens[who], locale), ...(payload ? { payload } : {}) });

async function createFromAlarm(who = 'manager', alarm = fm) {
  const res = await call('POST', '/api/jobs', who, {
    title: `Check ${alarm.type}`,
    location_id: alarm.locationId,
    alarm_ref: alarm.ref,
    priority: 'HIGH',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as JobDetail;
}

describe('creating a job from an alarm', () => {
  it('links the controller, location and alarm, starts New with one history entry', async () => {
    const job = await createFromAlarm();
    expect(job).toMatchObject({
      status: 'New',
      priority: 'HIGH',
      provider: 'local',
      created_by: 'María Manager',
      location: { id: fm.locationId },
      controller: { id: fm.controllerId },
      alarm: { id: fm.id, ref: fm.ref },
      can_edit: true,
    });
    expect(job.number).toMatch(/^J-\d+$/);
    // The demo's jobs and new ones share one sequence: numbers run on without a jump (J-4024 → J-5001 before).
    const rows = await query<{ number: string }>(t.database.db, sql`select number from jobs order by id`);
    const numbers = rows.map((r) => Number(r.number.slice(2)));
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers).toEqual(numbers.map((_, i) => (numbers[0] as number) + i));
    expect(job.history.map((h) => [h.from_status, h.to_status])).toEqual([[null, 'New']]);

    const byAlarm = await call('GET', `/api/jobs?alarm_id=${fm.id}`, 'manager');
    expect(byAlarm.json().data.map((j: JobSummary) => j.id)).toEqual([job.id]);
    const byController = await call('GET', `/api/jobs?controller_id=${fm.controllerId}`, 'technician');
    expect(byController.json().data.map((j: JobSummary) => j.id)).toContain(job.id);
  });

  it('rejects bad input with localized field errors and creates nothing', async () => {
    const before = await rowCount(t.database, jobs);
    const empty = await call('POST', '/api/jobs', 'manager', { title: ' ', location_id: fm.locationId }, 'es-MX');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.message).toBe('Algunos campos no son válidos.');
    expect(empty.json().error.details.fields.map((f: { field: string }) => f.field)).toContain('title');

    const badPriority = await call('POST', '/api/jobs', 'manager', {
      title: 'x',
      location_id: fm.locationId,
      priority: 'SOMEDAY',
    });
    expect(badPriority.statusCode).toBe(422);

    // Another organization's location, and an alarm that is not at the chosen location.
    const otherLocation = await call('POST', '/api/jobs', 'manager', { title: 'x', location_id: vv.locationId });
    expect(otherLocation.statusCode).toBe(422);
    expect(otherLocation.json().error.details.fields).toEqual([
      { field: 'location_id', message: 'Choose a location you can see.' },
    ]);
    const wrongAlarm = await call('POST', '/api/jobs', 'technician', {
      title: 'x',
      location_id: fm.locationId,
      alarm_ref: vv.ref,
    });
    expect(wrongAlarm.statusCode).toBe(422);
    expect(wrongAlarm.json().error.details.fields[0].field).toBe('alarm_ref');
    expect(await rowCount(t.database, jobs)).toBe(before);
  });

  it('needs jobs_create', async () => {
    const res = await call('POST', '/api/jobs', 'viewer', { title: 'x', location_id: fm.locationId });
    expect(res.statusCode).toBe(403);
  });
});

describe('status changes and assignment', () => {
  it('records each change in the history, and ignores a change to the same status', async () => {
    const job = await createFromAlarm('technician');
    expect((await call('POST', `/api/jobs/${job.id}/status`, 'technician', { status: 'Started' })).statusCode).toBe(
      200,
    );
    const held = await call('POST', `/api/jobs/${job.id}/status`, 'manager', { status: 'On Hold', note: 'parts' });
    const again = await call('POST', `/api/jobs/${job.id}/status`, 'manager', { status: 'On Hold' });
    expect(again.statusCode).toBe(200);
    const history = (again.json().data as JobDetail).history;
    expect(history.map((h) => [h.from_status, h.to_status, h.changed_by])).toEqual([
      [null, 'New', 'Terry Technician'],
      ['New', 'Started', 'Terry Technician'],
      ['Started', 'On Hold', 'María Manager'],
    ]);
    expect(held.json().data.history[2].note).toBe('parts');
    const bad = await call('POST', `/api/jobs/${job.id}/status`, 'manager', { status: 'Done' });
    expect(bad.statusCode).toBe(422);
  });

  it('edits the job and assigns people who may be assigned', async () => {
    const job = await createFromAlarm();
    const edit = await call('PATCH', `/api/jobs/${job.id}`, 'manager', {
      title: 'Replace TXV',
      description: 'Rack A',
      category_id: null,
      priority: 'URGENT',
    });
    expect(edit.json().data).toMatchObject({ title: 'Replace TXV', priority: 'URGENT' });
    const people = (await call('GET', `/api/jobs/${job.id}/assignable`, 'manager')).json().data as {
      id: number;
      name: string;
    }[];
    const viewer = people.find((p) => p.name === 'Val Viewer');
    expect(viewer).toBeDefined();
    const assigned = await call('PUT', `/api/jobs/${job.id}/assignees`, 'manager', { user_ids: [viewer?.id] });
    expect(assigned.json().data.assignees).toEqual([{ user_id: viewer?.id, name: 'Val Viewer' }]);
    // Someone of another organization cannot be assigned by the customer's manager.
    const outsider = (await call('GET', '/api/auth/user', 'outsider')).json().data.id as number;
    const bad = await call('PUT', `/api/jobs/${job.id}/assignees`, 'manager', { user_ids: [outsider] });
    expect(bad.statusCode).toBe(422);
    expect((await call('GET', `/api/jobs/${job.id}`, 'manager')).json().data.assignees).toHaveLength(1);
  });
});

describe('scope', () => {
  it('a user of another organization gets 404 and no data', async () => {
    const job = await createFromAlarm();
    const historyBefore = await rowCount(t.database, jobStatusHistory);
    expect((await call('GET', `/api/jobs/${job.id}`, 'outsider')).statusCode).toBe(404);
    expect(
      (
        await call('PATCH', `/api/jobs/${job.id}`, 'outsider', {
          title: 'mine',
          description: '',
          category_id: null,
          priority: 'LOW',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/jobs/${job.id}/status`, 'outsider', { status: 'Closed' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/jobs/${job.id}/assignees`, 'outsider', { user_ids: [] })).statusCode).toBe(404);
    expect((await call('GET', `/api/jobs/${job.id}/assignable`, 'outsider')).statusCode).toBe(404);
    const list = (await call('GET', '/api/jobs?per_page=100', 'outsider')).json();
    expect(list.data.every((j: JobSummary) => j.organisation?.name === 'Valle Verde Supermercados')).toBe(true);
    expect(list.data.map((j: JobSummary) => j.id)).not.toContain(job.id);
    const stats = (await call('GET', '/api/jobs/stats', 'outsider')).json().data;
    expect(stats.New + stats.Started + stats['On Hold'] + stats.Closed).toBe(list.meta.total);
    expect(await rowCount(t.database, jobStatusHistory)).toBe(historyBefore);
    expect((await call('GET', `/api/jobs/${job.id}`, 'manager')).json().data.title).toBe(job.title);
  });

  it('without jobs_view the list is forbidden; staff see every organization', async () => {
    expect((await call('GET', '/api/jobs', 'viewer')).statusCode).toBe(403);
    const all = (await call('GET', '/api/jobs?per_page=100', 'admin')).json();
    const orgs = new Set(all.data.map((j: JobSummary) => j.organisation?.name));
    expect(orgs.size).toBeGreaterThan(1);
  });

  it('filters by status, categories and priorities, and the tiles count the same', async () => {
    const cats = (await call('GET', '/api/jobs/categories', 'admin')).json().data as { id: number }[];
    const category = cats[0]?.id;
    const url = `/api/jobs?per_page=100&categories=${category}&priorities=URGENT,HIGH`;
    const filtered = (await call('GET', url, 'admin')).json();
    for (const j of filtered.data as JobSummary[]) {
      expect(j.category?.id).toBe(category);
      expect(['URGENT', 'HIGH']).toContain(j.priority);
    }
    const stats = (await call('GET', `/api/jobs/stats?categories=${category}&priorities=URGENT,HIGH`, 'admin')).json()
      .data;
    expect(stats.New + stats.Started + stats['On Hold'] + stats.Closed).toBe(filtered.meta.total);
    const started = (await call('GET', '/api/jobs?status=Started&per_page=100', 'admin')).json();
    expect(started.data.every((j: JobSummary) => j.status === 'Started')).toBe(true);
    const all = (await call('GET', '/api/jobs/stats', 'admin')).json();
    expect(started.meta.total).toBe(all.data.Started);
    // Jobs are kept here (no Zuper configured): the dashboard's tile is "Jobs", not "Zuper Jobs".
    expect(all.meta).toEqual({ provider: 'local' });
    expect((await call('GET', '/api/jobs?priorities=SOON', 'admin')).statusCode).toBe(422);
  });
});
