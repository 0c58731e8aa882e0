import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.ts';
import { login } from '../test/app.ts';
import { headers, rowCount } from '../test/helpers.ts';
import { apiOperations, hasBody } from '../test/operations.ts';
import { base, refrigerantFixture, system } from '../test/refrigerant.ts';
import { illFormedPath } from './well-formed.ts';

const LONE = '\ud800';

describe('illFormedPath', () => {
  it('names the first string, key or value, holding a lone surrogate', () => {
    expect(illFormedPath({ name: 'Nights 🌙', steps: [{ note: 'ok' }] })).toBeNull();
    expect(illFormedPath({ name: `a${LONE}b` })).toBe('name');
    expect(illFormedPath({ steps: [{ note: 'ok' }, { note: '\udc00 low' }] })).toBe('steps.1.note');
    expect(illFormedPath({ labels: { [`k${LONE}`]: 'v' } })).toBe(`labels.k${LONE}`);
    // A pair in the wrong order is two lone halves.
    expect(illFormedPath(['\udc00\ud800'])).toBe('0');
    expect(illFormedPath(null)).toBeNull();
    expect(illFormedPath(7)).toBeNull();
  });
});

describe('invalid Unicode at the request’s edge', () => {
  let fx: Awaited<ReturnType<typeof refrigerantFixture>>;
  beforeAll(async () => {
    fx = await refrigerantFixture();
  });
  afterAll(async () => {
    await fx?.t.close();
  });

  it('answers 422 naming the field on the audited writes, in the caller’s language, writing nothing', async () => {
    const { t, call } = fx;
    expect((await call('PATCH', `${base}/A/refrigerant`, 'technician', system())).statusCode).toBe(200);
    const audited = await rowCount(t.database, auditLog);
    const writes: [string, string, object, string][] = [
      [
        'POST',
        '/api/oncall/schedules',
        {
          name: 'Nights',
          organization_id: null,
          time_zone: 'America/Chicago',
          layers: [{ name: `Late${LONE}`, user_ids: [1], starts_at: '2026-01-05T14:00:00.000Z', shift_hours: 24 }],
        },
        'layers.0.name',
      ],
      [
        'POST',
        '/api/escalation-policies',
        {
          name: `Night${LONE}`,
          organization_id: null,
          repeat: 0,
          steps: [{ delay_minutes: 0, targets: [{ type: 'user', id: 1 }] }],
        },
        'name',
      ],
      [
        'POST',
        '/api/settings/webhooks',
        {
          name: `Hook${LONE}`,
          url: 'https://example.com/hook',
          kind: 'generic',
          events: ['alarm.raised'],
          organization_id: null,
        },
        'name',
      ],
      [
        'POST',
        '/api/maintenance-windows',
        {
          location_id: 1,
          starts_at: '2026-11-25T13:00:00Z',
          ends_at: '2026-11-25T15:00:00Z',
          reason: `Cleaning${LONE}`,
        },
        'reason',
      ],
      [
        'POST',
        '/api/reports/haccp/corrective-actions',
        { location_id: 1, controller_id: 1, point: 'A.CASE1', excursion_start: '2026-11-25T05:00:00Z', text: LONE },
        'text',
      ],
      [
        'POST',
        `${base}/A/refrigerant-events`,
        { type: 'repair', at: '2026-11-20T10:00:00Z', technician: `Ana${LONE}` },
        'technician',
      ],
    ];
    for (const [method, url, body, field] of writes) {
      const res = await call(method as 'POST', url, 'admin', body, 'es-MX');
      expect([url, res.statusCode]).toEqual([url, 422]);
      expect(res.json().error).toEqual({
        code: 'validation_failed',
        message: 'Algunos campos no son válidos.',
        details: {
          fields: [
            {
              field,
              message: 'Este texto contiene un carácter que no es Unicode válido. Quítalo o escríbelo de nuevo.',
            },
          ],
        },
      });
    }
    expect(await rowCount(t.database, auditLog)).toBe(audited);
  });

  it('answers 422 naming the field on every operation with a body, once authenticated', async () => {
    const { t } = fx;
    const admin = await login(t.app, 'admin@example.com');
    const answered: string[] = [];
    const checked: string[] = [];
    for (const op of await apiOperations(t.app)) {
      if (!hasBody(op.method) || op.name === 'POST /api/auth/logout') continue;
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      const res = await t.app.inject({
        method: op.method,
        url,
        headers: headers(admin),
        payload: { note: `x${LONE}` },
      });
      const fields = res.json().error?.details?.fields as { field: string }[] | undefined;
      if (res.statusCode !== 422 || fields?.[0]?.field !== 'note') answered.push(`${op.name} ${res.statusCode}`);
      checked.push(op.name);
    }
    expect(answered).toEqual([]);
    expect(checked.length).toBeGreaterThan(60);
  });
});
