import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import helmet from '@fastify/helmet';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { helmetOptions } from './lib/security-headers.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { headers } from './test/helpers.ts';

const SECRET = 'secret-internal-detail-/srv/rcm/app.ts:42';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      // Test-only routes that fail in the ways production code might: a thrown error, a raw database
      // error, and a response that does not match its schema.
      beforeReady: (app, database) => {
        app.get('/api/__test/throw', { config: { public: true }, schema: { hide: true } }, async () => {
          throw new Error(SECRET);
        });
        app.get('/api/__test/database', { config: { public: true }, schema: { hide: true } }, async () => {
          await database.db.execute(sql`select secret_column from no_such_table`);
          return { ok: true };
        });
        app.get(
          '/api/__test/serialize',
          { config: { public: true }, schema: { hide: true, response: { 200: z.object({ count: z.number() }) } } },
          async () => ({ count: SECRET }) as unknown as { count: number },
        );
      },
    },
  );
});
afterAll(() => t?.close());

describe('unknown API paths', () => {
  it('answer 404 with the error shape in the requested locale', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(en.statusCode).toBe(404);
    expect(en.headers['content-type']).toMatch(/^application\/json/);
    expect(en.json()).toEqual({ error: { code: 'not_found', message: 'The requested resource was not found.' } });

    const es = await t.app.inject({ method: 'POST', url: '/api/alarms/x/y', headers: headers(null, 'es-MX') });
    expect(es.statusCode).toBe(404);
    expect(es.json()).toEqual({ error: { code: 'not_found', message: 'No se encontró el recurso solicitado.' } });
  });

  it('answer 404 for a known path with an unknown method', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/languages' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('fall back to en-US for an unsupported locale', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: headers(null, 'fr-FR') });
    expect(res.json().error.message).toBe('The requested resource was not found.');
  });
});

describe('GET /api/docs/json', () => {
  it('returns an OpenAPI document describing the auth endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Refrigeration monitoring console API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/user',
        '/api/auth/refresh',
        '/api/auth/logout',
        '/api/auth/impersonate',
        '/api/auth/unimpersonate',
        '/api/account',
        '/api/languages',
        '/api/controllers/unauthorised',
      ]),
    );
    const loginBody = doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(Object.keys(doc.paths).filter((p) => p.includes('__test') || p.startsWith('/api/docs'))).toEqual([]);
  });
});

describe('server errors', () => {
  it.each([
    ['a thrown error', '/api/__test/throw'],
    ['a raw database error', '/api/__test/database'],
    ['a response that breaks its schema', '/api/__test/serialize'],
  ])('%s becomes a bare 500 with a request id', async (_label, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      error: {
        code: 'internal',
        message: 'Something went wrong on our side. Please try again.',
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    });
    expect(res.body).not.toMatch(/secret|no_such_table|stack|\.ts:|relation|serializ/i);
  });

  it('says so in the requested locale, with a distinct id per request', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/__test/throw', headers: headers(null, 'es-MX') });
    const b = await t.app.inject({ method: 'GET', url: '/api/__test/throw' });
    expect(a.json().error.message).toBe('Algo salió mal de nuestro lado. Inténtalo de nuevo.');
    expect(a.json().error.request_id).not.toBe(b.json().error.request_id);
  });
});

describe('request limits', () => {
  it('refuses a body over 1 MiB with 413 payload_too_large', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });
});

describe('security headers', () => {
  it('every response carries exactly the headers @fastify/helmet sets with our options', async () => {
    const reference = Fastify();
    await reference.register(helmet, helmetOptions('initials'));
    reference.get('/', async () => 'x');
    const expected = (await reference.inject({ method: 'GET', url: '/' })).headers;
    await reference.close();
    const names = Object.keys(expected).filter(
      (n) => !['content-type', 'content-length', 'date', 'connection'].includes(n),
    );
    expect(names).toContain('content-security-policy');
    expect(expected['content-security-policy']).toContain("img-src 'self' data:;");
    expect(expected['strict-transport-security']).toBeUndefined();

    for (const [url, token] of [
      ['/api/health', null],
      ['/api/alarms', null],
      ['/api/alarms/stats', null],
      ['/api/no-such-thing', null],
      ['/api/auth/user', 'not-a-token'],
      ['/api/__test/throw', null],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: headers(token) });
      for (const name of names) expect([url, name, res.headers[name]]).toEqual([url, name, expected[name]]);
    }
  });
});

describe('compressed API answers', () => {
  it('sends a large answer in brotli or gzip to a client that accepts it, the same JSON inside', async () => {
    const get = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const page = plain.json();
    expect(page.openapi).toMatch(/^3\./);

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(page);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(page);
  });

  it('sends an answer under 1 KiB as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/setup', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ data: { needed: false } });
  });
});
