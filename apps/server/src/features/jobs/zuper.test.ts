import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { locations } from '../../db/schema.ts';
import { jobStatusHistory, jobs } from '../../db/schema-jobs.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers, rowCount } from '../../test/helpers.ts';
import { jobsProviderFor } from './module.ts';
import { createJobSync } from './sync.ts';
import { createJobSyncRepo } from './sync-repo.ts';
import { ZUPER_SECRET_HEADER } from './webhook-routes.ts';
import { createZuperProvider, mapZuperStatus } from './zuper-provider.ts';

const API_KEY = 'test-zuper-key';
const SECRET = 'a-webhook-secret-of-32-characters!';
const TYPES = ['NEW', 'STARTED', 'ON_HOLD', 'COMPLETED', 'CANCELED'] as const;

/** A fake Zuper: `GET /jobs?page&count`, `GET /jobs/category`, `POST /jobs`, in the documented envelope. */
type Fake = { server: Server; url: string; jobs: Record<string, unknown>[]; requests: string[]; posted: unknown[] };

function zuperJob(i: number, street: string) {
  const type = TYPES[i % TYPES.length];
  return {
    job_uid: `uid-${i}`,
    work_order_number: 9000 + i,
    job_title: `Zuper job ${i}`,
    job_category: { category_uid: `cat-${i % 2}`, category_name: i % 2 ? 'Repair' : 'Maintenance' },
    job_priority: ['LOW', 'MEDIUM', 'HIGH', 'URGENT'][i % 4],
    current_job_status: { status_uid: `s-${type}`, status_name: `Status ${type}`, status_type: type },
    assigned_to: [{ user: { user_uid: 'u1', first_name: 'Zoe', last_name: 'Field' } }],
    created_by: { user_uid: 'u2', first_name: 'Dispatch', last_name: 'Desk' },
    customer_address: { street: i === 0 ? street : `${i} Nowhere Rd`, city: 'Austin', state: 'TX', zip_code: '78701' },
  };
}

async function body(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : null;
}

async function startFake(): Promise<Fake> {
  const fake = { jobs: [] as Record<string, unknown>[], requests: [] as string[], posted: [] as unknown[] };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    fake.requests.push(`${req.method} ${url.pathname}${url.search}`);
    res.setHeader('content-type', 'application/json');
    if (req.headers['x-api-key'] !== API_KEY) {
      res.statusCode = 401;
      return res.end(JSON.stringify({ type: 'error', message: 'Invalid API key' }));
    }
    if (req.method === 'GET' && url.pathname === '/jobs/category') {
      return res.end(
        JSON.stringify({ type: 'success', data: [{ category_uid: 'cat-9', category_name: 'Commissioning' }] }),
      );
    }
    if (req.method === 'GET' && url.pathname === '/jobs') {
      const page = Number(url.searchParams.get('page'));
      const count = Number(url.searchParams.get('count'));
      const data = fake.jobs.slice((page - 1) * count, page * count);
      const total_pages = Math.ceil(fake.jobs.length / count);
      return res.end(
        JSON.stringify({ type: 'success', data, total_records: fake.jobs.length, total_pages, current_page: page }),
      );
    }
    if (req.method === 'POST' && url.pathname === '/jobs') {
      fake.posted.push(await body(req));
      return res.end(
        JSON.stringify({
          type: 'success',
          message: 'Job created',
          // Each created job its own uid and number: the first is new-uid, 777.
          data: {
            job_uid: fake.posted.length === 1 ? 'new-uid' : `new-uid-${fake.posted.length}`,
            work_order_number: 776 + fake.posted.length,
          },
        }),
      );
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ type: 'error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { ...fake, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let fake: Fake;
let t: TestApp;
let env: Record<string, string>;
let street: string;

beforeAll(async () => {
  fake = await startFake();
  env = { ZUPER_API_URL: fake.url, ZUPER_API_KEY: API_KEY, ZUPER_WEBHOOK_SECRET: SECRET };
  t = await createTestApp(env);
  const [loc] = await t.database.db.select().from(locations).where(eq(locations.name, 'FreshMart #101 Downtown'));
  street = loc?.addressLine1 ?? '';
  fake.jobs.push(...Array.from({ length: 23 }, (_, i) => zuperJob(i, street)));
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake?.server.close(resolve));
});

const zuperRows = () => t.database.db.select().from(jobs).where(eq(jobs.provider, 'zuper'));

describe('Zuper provider', () => {
  it('maps status types to New / Started / On Hold / Closed', () => {
    expect(TYPES.map((status_type) => mapZuperStatus({ status_type }))).toEqual([
      'New',
      'Started',
      'On Hold',
      'Closed',
      'Closed',
    ]);
  });

  it('syncs every page with paging, categories and mapped statuses, and a second sync changes nothing', async () => {
    const provider = jobsProviderFor(loadConfig(env));
    fake.requests.length = 0;
    const changes = await createJobSync(createJobSyncRepo(t.database.db)).syncProviderJobs(
      provider,
      new Date(),
      t.database.db,
    );
    expect(changes).toHaveLength(23);
    const pages = fake.requests.filter((r) => r.startsWith('GET /jobs?'));
    expect(pages).toEqual(['GET /jobs?page=1&count=50']);

    const rows = await zuperRows();
    expect(rows).toHaveLength(23);
    const byUid = new Map(rows.map((r) => [r.externalId, r]));
    expect(byUid.get('uid-1')).toMatchObject({
      number: '9001',
      title: 'Zuper job 1',
      status: 'Started',
      providerStatus: 'Status STARTED',
      priority: 'MEDIUM',
      createdByName: 'Dispatch Desk',
      assignees: [{ user_id: null, name: 'Zoe Field', external_id: 'u1' }],
    });
    expect(byUid.get('uid-2')?.status).toBe('On Hold');
    expect(byUid.get('uid-3')?.status).toBe('Closed');
    expect(byUid.get('uid-4')?.status).toBe('Closed');
    // uid-0's customer address is FreshMart #101's: the job lands in that store; the others in no tenant.
    expect(byUid.get('uid-0')?.locationId).not.toBeNull();
    expect(byUid.get('uid-5')?.organizationId).toBeNull();
    const cats = (
      await t.app.inject({ url: '/api/jobs/categories', headers: headers(await login(t.app, 'admin@example.com')) })
    ).json().data;
    expect(cats.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Commissioning', 'Repair', 'Maintenance']),
    );

    expect(
      await createJobSync(createJobSyncRepo(t.database.db)).syncProviderJobs(provider, new Date(), t.database.db),
    ).toEqual([]);
  });

  it('pages through several pages', async () => {
    const small = createZuperProvider({ baseUrl: fake.url, apiKey: API_KEY, pageSize: 5 });
    fake.requests.length = 0;
    fake.jobs[7] = { ...zuperJob(7, street), current_job_status: { status_name: 'Done', status_type: 'COMPLETED' } };
    const changes = await createJobSync(createJobSyncRepo(t.database.db)).syncProviderJobs(
      small,
      new Date(),
      t.database.db,
    );
    expect(fake.requests.filter((r) => r.startsWith('GET /jobs?'))).toEqual(
      [1, 2, 3, 4, 5].map((p) => `GET /jobs?page=${p}&count=5`),
    );
    expect(changes.map((c) => c.status)).toEqual(['Closed']);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.externalId, 'uid-7'));
    const history = await t.database.db
      .select()
      .from(jobStatusHistory)
      .where(eq(jobStatusHistory.jobId, row?.id ?? 0));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'On Hold'],
      ['On Hold', 'Closed'],
    ]);
  });

  it('creates jobs in Zuper and keeps the copy; Zuper owns its status', async () => {
    const token = await login(t.app, 'manager@example.com');
    const [loc] = await t.database.db.select().from(locations).where(eq(locations.name, 'FreshMart #101 Downtown'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: headers(token),
      payload: { title: 'Leak check', location_id: loc?.id, priority: 'URGENT' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      number: '777',
      provider: 'zuper',
      external_id: 'new-uid',
      can_edit: false,
    });
    expect(fake.posted).toEqual([
      {
        job: expect.objectContaining({
          job_title: 'Leak check',
          job_priority: 'URGENT',
          customer_address: expect.objectContaining({ street, city: 'Austin' }),
        }),
      },
    ]);
    const change = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${res.json().data.id}/status`,
      headers: headers(token),
      payload: { status: 'Closed' },
    });
    expect(change.statusCode).toBe(409);
  });

  it('makes categories Zuper’s: read-only here, only they are offered, and a new job carries its category', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/${url}`, headers: headers(admin), ...(payload ? { payload } : {}) });
    const list = (await call('GET', 'settings/job-categories')).json();
    expect(list.meta).toMatchObject({ managed_by: 'zuper', page: 1 });
    // With Zuper connected the dashboard's tile is "Zuper Jobs".
    expect((await call('GET', 'jobs/stats')).json().meta).toEqual({ provider: 'zuper' });
    const zuper = list.data.find((c: { provider: string }) => c.provider === 'zuper');
    const local = list.data.find((c: { provider: string }) => c.provider === 'local');
    expect(zuper).toMatchObject({ name: 'Commissioning', selectable: true });
    expect(local).toMatchObject({ selectable: false });
    const created = await call('POST', 'settings/job-categories', { name: 'Local only' });
    expect(created.statusCode).toBe(409);
    expect(created.json().error.details.fields[0].message).toBe(
      'Job categories come from Zuper while Zuper is connected: change them in Zuper.',
    );
    expect((await call('DELETE', `settings/job-categories/${zuper.id}`)).statusCode).toBe(409);
    const [loc] = await t.database.db.select().from(locations).where(eq(locations.name, 'FreshMart #101 Downtown'));
    const base = { title: 'Commission rack', location_id: loc?.id };
    expect((await call('POST', 'jobs', { ...base, category_id: local.id })).statusCode).toBe(422);
    expect((await call('POST', 'jobs', { ...base, category_id: zuper.id })).statusCode).toBe(201);
    expect(fake.posted.at(-1)).toEqual({ job: expect.objectContaining({ job_category: 'cat-9' }) });
  });
});

describe('Zuper webhook', () => {
  const send = (secret: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/zuper',
      headers: secret ? { [ZUPER_SECRET_HEADER]: secret } : {},
      payload,
    });
  const uid8 = () =>
    t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.provider, 'zuper'), eq(jobs.externalId, 'uid-8')));

  it('with a bad or missing secret changes nothing', async () => {
    const [before] = await uid8();
    const history = await rowCount(t.database, jobStatusHistory);
    const payload = { job: { ...zuperJob(8, street), current_job_status: { status_type: 'COMPLETED' } } };
    expect((await send('wrong-secret-wrong-secret-wrong!!', payload)).statusCode).toBe(401);
    expect((await send(null, payload)).statusCode).toBe(401);
    expect((await uid8())[0]).toEqual(before);
    expect(await rowCount(t.database, jobStatusHistory)).toBe(history);
  });

  it('with the secret updates the job and its history', async () => {
    const payload = {
      job: { ...zuperJob(8, street), current_job_status: { status_name: 'Paused', status_type: 'ON_HOLD' } },
    };
    const res = await send(SECRET, payload);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await uid8();
    expect(row).toMatchObject({ status: 'On Hold', providerStatus: 'Paused' });
    expect((await send(SECRET, { nothing: true })).statusCode).toBe(422);
  });
});
