import { gunzipSync } from 'node:zlib';
import { PERMISSIONS } from '@rcm/shared/permissions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { addUser } from '../../test/alarms.ts';
import { createTestApp, login } from '../../test/app.ts';
import { type EmbeddedTestDatabase, openEmbeddedTestDatabase } from '../../test/embedded.ts';
import { headers } from '../../test/helpers.ts';

const onPostgres = process.env.RCM_TEST_DB === 'postgres';

let app: FastifyInstance;
let close: () => Promise<void>;
let admin: string;
let manager: string;
let technician: string;
let allButBackups: string;
beforeAll(async () => {
  let db: Parameters<typeof addUser>[0];
  if (onPostgres) {
    const t = await createTestApp();
    app = t.app;
    db = t.database.db;
    close = t.close;
  } else {
    // Backups are of the embedded database on disk, as `npm start` runs it.
    const embedded: EmbeddedTestDatabase = await openEmbeddedTestDatabase();
    const config = loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: embedded.dataDir });
    const built = await buildApp({ config, database: embedded.database });
    app = built.app;
    db = embedded.database.db;
    await app.ready();
    close = async () => {
      await app.close();
      await embedded.remove();
    };
  }
  admin = await login(app, 'admin@example.com');
  manager = await login(app, 'manager@example.com');
  // The demo technician sees every organization; this user holds every permission but backups_manage.
  technician = await login(app, 'technician@example.com');
  await addUser(db, {
    from: 'admin@example.com',
    email: 'all-but-backups@example.com',
    permissions: PERMISSIONS.filter((p) => p !== 'backups_manage'),
  });
  allButBackups = await login(app, 'all-but-backups@example.com');
});
afterAll(async () => close?.());

const call = (method: 'GET' | 'POST', url: string, token?: string, locale?: string) =>
  app.inject({ method, url, headers: headers(token, locale) });

describe('backups API: who may call it', () => {
  it('answers 401 without a session before looking at the request', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/backups'],
      ['GET', '/api/admin/backups'],
      ['GET', '/api/admin/backups/..%2F..%2Fetc%2Fpasswd'],
      ['GET', '/api/admin/storage'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
  });

  it('answers 403 to a user without organization_view_all', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/backups'],
      ['GET', '/api/admin/backups'],
      ['GET', '/api/admin/backups/not-a-backup'],
      ['GET', '/api/admin/storage'],
    ] as const) {
      expect((await call(method, url, manager)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 403 to anyone without backups_manage, even holding every other permission', async () => {
    for (const token of [technician, allButBackups]) {
      for (const [method, url] of [
        ['POST', '/api/admin/backups'],
        ['GET', '/api/admin/backups'],
        ['GET', '/api/admin/backups/rcm-20200101T000000000Z.tar.gz'],
      ] as const) {
        const res = await call(method, url, token);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
      }
    }
    // The storage state (the disk banner) stays with those who see every organization.
    expect((await call('GET', '/api/admin/storage', technician)).statusCode).toBe(200);
  });
});

describe.skipIf(onPostgres)('backups API on the embedded database', () => {
  it('takes a backup, lists it and downloads it', async () => {
    const created = await call('POST', '/api/admin/backups', admin);
    expect(created.statusCode).toBe(201);
    const info = (created.json() as { data: { name: string; size_bytes: number; created_at: string } }).data;
    expect(info.name).toMatch(/^rcm-\d{8}T\d{9}Z\.tar\.gz$/);
    expect(info.size_bytes).toBeGreaterThan(100_000);
    expect(Date.parse(info.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const list = await call('GET', '/api/admin/backups', admin);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: unknown[] }).data).toEqual([info]);

    const file = await call('GET', `/api/admin/backups/${info.name}`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${info.name}"`);
    expect(file.rawPayload.length).toBe(info.size_bytes);
    // A tar archive of the data directory: PG_VERSION is in it.
    expect(gunzipSync(file.rawPayload).includes(Buffer.from('PG_VERSION'))).toBe(true);

    // Both are in the audit log: a backup holds every organization's data.
    for (const action of ['backup.create', 'backup.download']) {
      const log = (await call('GET', `/api/audit-log?action=${action}`, admin)).json() as {
        data: { action: string; subject_id: string | null; actor: { email?: string } | null }[];
      };
      expect(log.data, action).toHaveLength(1);
      expect(log.data[0]).toMatchObject({ action, subject_id: info.name });
    }
  });

  it('answers 404 for a name that is not a backup, a path included', async () => {
    for (const name of ['rcm-20200101T000000000Z.tar.gz', '..%2FPG_VERSION', 'PG_VERSION']) {
      expect((await call('GET', `/api/admin/backups/${name}`, admin)).statusCode, name).toBe(404);
    }
  });

  it('tells administrators the storage state', async () => {
    const res = await call('GET', '/api/admin/storage', admin);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: { embedded: boolean; disk_low: boolean; free_bytes: number } }).data;
    expect(data).toMatchObject({ embedded: true, disk_low: false, min_free_bytes: 1024 * 1_048_576, backup_keep: 7 });
    expect(data.free_bytes).toBeGreaterThan(0);
  });
});

describe.runIf(onPostgres)('backups API on PostgreSQL', () => {
  it('answers 409 pointing to the README in the caller’s language', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/backups'],
      ['GET', '/api/admin/backups'],
      ['GET', '/api/admin/backups/rcm-20200101T000000000Z.tar.gz'],
    ] as const) {
      const res = await call(method, url, admin);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'backups_external' } });
      expect((res.json() as { error: { message: string } }).error.message).toContain('Backing up PostgreSQL');
    }
    const es = await call('POST', '/api/admin/backups', admin, 'es-MX');
    expect((es.json() as { error: { message: string } }).error.message).toContain('respáldalo');
    const storage = await call('GET', '/api/admin/storage', admin);
    expect((storage.json() as { data: unknown }).data).toEqual({
      embedded: false,
      disk_low: false,
      free_bytes: null,
      min_free_bytes: null,
      backup_keep: null,
    });
  });
});
