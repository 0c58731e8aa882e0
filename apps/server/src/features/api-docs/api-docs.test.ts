import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ERROR_BODY } from './document.ts';
import { OPERATIONS } from './operations.ts';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, op })),
  );

describe('the OpenAPI document (/api/docs/json)', () => {
  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('gives every operation a summary, a tag and its error answers with the error body', () => {
    const missing: string[] = [];
    for (const { name, path, op } of operations()) {
      const errors = Object.keys(op.responses).filter((status) => Number(status) >= 400);
      const problems = [
        !op.summary?.trim() && 'summary (a route schema.summary or an entry in api-docs/operations.ts)',
        !op.tags?.length && 'tags',
        errors.length === 0 && 'error responses',
        // Needs a user: it says so, and documents the 401 the authentication hook gives.
        op.security && !errors.includes('401') && '401',
        path.includes('{') && !errors.includes('404') && '404',
        (op.parameters?.length || op.requestBody) && !errors.includes('422') && '422',
        ...errors
          .filter((status) => {
            const schema = op.responses[status]?.content?.['application/json']?.schema as { properties?: unknown };
            return JSON.stringify(schema?.properties) !== JSON.stringify(ERROR_BODY.properties);
          })
          .map((status) => `${status} with the {error: {code, message, details?}} body`),
      ].filter(Boolean);
      if (problems.length) missing.push(`${name}: ${problems.join(', ')}`);
    }
    expect(missing).toEqual([]);
    expect(operations().length).toBeGreaterThan(100);
  });

  it('names real operations in api-docs/operations.ts, and documents a 409 where the API gives one', () => {
    const names = new Set(operations().map((o) => o.name));
    expect(Object.keys(OPERATIONS).filter((name) => !names.has(name))).toEqual([]);
    const op = (name: string) => {
      const [method, path] = name.split(' ') as [string, string];
      return doc.paths[path]?.[method.toLowerCase()];
    };
    expect(Object.keys(op('DELETE /api/settings/roles/{id}')?.responses ?? {})).toEqual(
      expect.arrayContaining(['401', '403', '404', '409', '422']),
    );
    // Public operations: no bearer token, no 401; rate-limited sign-in documents 429.
    expect(op('POST /api/auth/login')?.security).toBeUndefined();
    expect(Object.keys(op('POST /api/auth/login')?.responses ?? {})).toEqual(['200', '422', '429', '500']);
    expect(op('GET /api/auth/user')?.responses['403']).toBeUndefined();
    expect(op('GET /api/alarms')?.tags).toEqual(['Alarms']);
  });
});

describe('the interactive reference (/api/docs)', () => {
  it('serves Swagger UI without a session, its files from this origin under the app CSP', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/docs/static/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/<script>|https?:\/\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toBe((await t.app.inject({ url: '/api/languages' })).headers['content-security-policy']);
    for (const file of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const res = await t.app.inject({ url: `/api/docs/static/${file}` });
      expect([file, res.statusCode]).toEqual([file, 200]);
    }
    expect((await t.app.inject({ url: '/api/docs/yaml' })).body).toMatch(/^openapi: 3\./);
  });
});
