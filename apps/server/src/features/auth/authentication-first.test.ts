import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { PUBLIC_OPERATIONS } from '../../test/operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('authentication before validation', () => {
  it('every private operation answers 401 to a caller without a live session, whatever the request holds', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (PUBLIC_OPERATIONS.has(name)) continue;
        // Parameters that fail their schema, and a body that fails any schema.
        const url = `${path.replace(/\{[^}]+\}/g, 'not-a-valid-id')}?page=-1&per_page=nope`;
        // A lone surrogate too: invalid Unicode is refused only once the caller is known.
        for (const [token, payload] of [
          [null, { unexpected: ['x'] }],
          ['not-a-live-token', { unexpected: ['x'] }],
          [null, { name: '\ud800' }],
        ] as const) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: headers(token),
            ...(method === 'get' || method === 'delete' ? {} : { payload }),
          });
          expect([name, token, res.statusCode, res.json().error?.code]).toEqual([name, token, 401, 'unauthenticated']);
        }
        checked.push(name);
      }
    }
    // The sweep covers the whole API, the operations named in the accounts work among them.
    expect(checked.length).toBeGreaterThan(80);
    for (const op of ['PATCH /api/account', 'POST /api/alarms/bulk', 'POST /api/settings/users', 'GET /api/alarms']) {
      expect(checked).toContain(op);
    }
  });
});
