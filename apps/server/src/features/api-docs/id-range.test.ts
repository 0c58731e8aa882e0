import { MAX_ID } from '@rcm/shared/params';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { type ApiOperation, apiOperations, hasBody } from '../../test/operations.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

/** Just past PostgreSQL's `integer`, and far past it. */
const TOO_BIG = [MAX_ID + 1, 99_999_999_999];

/** The operation's URL with `value` in the parameter named, plausible values in the others. */
function urlWith(op: ApiOperation, name: string, value: number, where: 'path' | 'query'): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, param: string) => {
    if (where === 'path' && param === name) return String(value);
    const type = op.parameters.find((p) => p.in === 'path' && p.name === param)?.schema.type;
    return type === 'integer' ? '1' : 'A';
  });
  return where === 'query' ? `${path}?${name}=${value}` : path;
}

describe('ids past PostgreSQL’s integer range', () => {
  it('are a 422 field error in every route, in the path and in the query string', async () => {
    const checked: string[] = [];
    for (const op of await apiOperations(t.app)) {
      const ids = op.parameters.filter(
        (p) => p.schema.type === 'integer' && (p.in === 'path' || (p.in === 'query' && /(^|_)id$|Id$/.test(p.name))),
      );
      for (const param of ids) {
        for (const value of TOO_BIG) {
          const res = await t.app.inject({
            method: op.method,
            url: urlWith(op, param.name, value, param.in === 'path' ? 'path' : 'query'),
            headers: headers(admin),
            ...(hasBody(op.method) ? { payload: {} } : {}),
          });
          const body = res.json() as { error?: { code: string; details?: { fields?: { field: string }[] } } };
          expect([op.name, param.name, value, res.statusCode, body.error?.code]).toEqual([
            op.name,
            param.name,
            value,
            422,
            'validation_failed',
          ]);
          expect(
            body.error?.details?.fields?.map((f) => f.field),
            `${op.name} ${param.name}`,
          ).toContain(param.name);
        }
        checked.push(`${op.name} ${param.name}`);
      }
    }
    // The organization routes' ids among them (they had an id schema of their own).
    expect(checked.length).toBeGreaterThan(90);
    for (const name of [
      'GET /api/organizations/{id} id',
      'DELETE /api/organizations/{id}/members/{userId} userId',
      'DELETE /api/organizations/{id}/invitations/{invitationId} invitationId',
      'GET /api/controllers organization_id',
    ]) {
      expect(checked).toContain(name);
    }
  });
});
