import type { JobUpdatedEvent } from '@rcm/shared/jobs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { locations } from '../../db/schema.ts';
import { addOutsider } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { type Listener, listen } from '../../test/socket.ts';

let s: TestServer;
const listeners: Listener[] = [];

beforeAll(async () => {
  s = await createTestServer();
  await addOutsider(s.database.db, 'outsider@example.com');
});
afterAll(async () => {
  for (const l of listeners) l.close();
  await s?.stop();
});

it('job.updated reaches the job’s organization and staff, never another organization', async () => {
  const manager = await login(s.app, 'manager@example.com');
  const technician = await login(s.app, 'technician@example.com');
  const outsider = await login(s.app, 'outsider@example.com');
  const toManager = await listen(s.url, manager);
  const toTechnician = await listen(s.url, technician);
  const toOutsider = await listen(s.url, outsider);
  listeners.push(toManager, toTechnician, toOutsider);
  const [store] = await s.database.db.select().from(locations).where(eq(locations.name, 'FreshMart #102 Riverside'));

  const res = await s.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: headers(manager),
    payload: { title: 'Door heater', location_id: store?.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  const mine = (e: JobUpdatedEvent) => e.id === id;
  expect(await toManager.waitFor<JobUpdatedEvent>('job.updated', mine)).toMatchObject({ id, status: 'New' });
  expect(await toTechnician.waitFor<JobUpdatedEvent>('job.updated', mine)).toMatchObject({ id });

  // The outsider's socket stays quiet: an event for its own rooms, sent after, arrives first.
  s.io
    .to(`user:${(await s.app.inject({ url: '/api/auth/user', headers: headers(outsider) })).json().data.id}`)
    .emit('test', { message: 'done' });
  await toOutsider.waitFor('test');
  expect(toOutsider.events.filter((e) => e.name === 'job.updated')).toEqual([]);
});
