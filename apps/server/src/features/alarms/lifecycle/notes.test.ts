import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../lib/sql.ts';
import { type SeededAlarm, seedAlarms } from '../../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../../test/app.ts';
import { headers, userByEmail } from '../../../test/helpers.ts';

let t: TestApp;
let manager: string;
let alarm: SeededAlarm;

beforeAll(async () => {
  t = await createTestApp();
  manager = await login(t.app, 'manager@example.com');
  [alarm] = (await seedAlarms(t.database.db, [{ controller: 1, notes: '<p>first</p>' }])) as [SeededAlarm];
});
afterAll(() => t?.close());

const put = (notes: unknown, token = manager, locale?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/alarms/${alarm.ref}/notes`,
    headers: headers(token, locale),
    payload: { notes } as object,
  });
const storedNotes = async () =>
  (await query<{ notes: string }>(t.database.db, sql`select notes from alarms where id = ${alarm.id}`))[0]?.notes;

describe('PUT /api/alarms/:ref/notes', () => {
  it.each([
    ['a script', '<p>Check<script>alert(1)</script> rack</p>', '<p>Check rack</p>'],
    ['an image with onerror', '<p>a<img src=x onerror="alert(1)">b</p>', '<p>ab</p>'],
    ['event handlers and styles', '<p onclick="alert(1)" style="color:red">x</p>', '<p>x</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    [
      'an encoded javascript: link',
      '<a href="&#106;avascript&colon;alert(1)">x</a>',
      '<a rel="noopener noreferrer">x</a>',
    ],
    ['a data: link', '<a href="data:text/html,hi">x</a>', '<a rel="noopener noreferrer">x</a>'],
    [
      'links that are not http(s) or mailto',
      '<a href="/settings">a</a><a href="//e.com">b</a><a href="ftp://e.com">c</a>',
      '<a rel="noopener noreferrer">a</a><a rel="noopener noreferrer">b</a><a rel="noopener noreferrer">c</a>',
    ],
    [
      'svg, iframe and style',
      '<svg onload=alert(1)></svg><iframe src="https://e.com"></iframe><style>*{}</style>ok',
      'ok',
    ],
    [
      'classes other than ql-*',
      '<p class="ql-align-center evil">c</p><span class="x ql-size-large">s</span>',
      '<p class="ql-align-center">c</p><span class="ql-size-large">s</span>',
    ],
  ])('removes %s', async (_label, input, expected) => {
    const res = await put(input);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { notes: expected } });
    expect(await storedNotes()).toBe(expected);
  });

  it('keeps the editor formatting and makes links safe to open', async () => {
    const html =
      '<h1>Visit</h1><h2>Rack A</h2><h3>Notes</h3><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br></p>' +
      '<ol><li>one</li></ol><ul><li>two</li></ul><blockquote>q</blockquote><pre>code block</pre><p><code>x</code></p>' +
      '<p><a href="https://example.com/a?b=1" target="_blank">site</a> <a href="mailto:ops@example.com">mail</a></p>';
    const expected = html
      .replace('<br>', '<br />')
      .replace('target="_blank">', 'target="_blank" rel="noopener noreferrer">')
      .replace('ops@example.com">', 'ops@example.com" rel="noopener noreferrer">');
    const res = await put(html);
    expect(res.json().data.notes).toBe(expected);
    const detail = await t.app.inject({ method: 'GET', url: `/api/alarms/${alarm.ref}`, headers: headers(manager) });
    expect(detail.json().data.notes).toBe(expected);
  });

  it('audits the change with the notes before and after', async () => {
    await put('<p>before</p>');
    await put('<p>after<img src=x></p>');
    const mgr = await userByEmail(t.database, 'manager@example.com');
    const [entry] = await query<Record<string, unknown>>(
      t.database.db,
      sql`select * from audit_log where action = 'alarm.notes' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({
      actor_user_id: mgr.id,
      organization_id: alarm.organizationId,
      subject_type: 'alarm',
      subject_id: String(alarm.ref),
      before: { notes: '<p>before</p>' },
      after: { notes: '<p>after</p>' },
    });
  });

  it('the alarm view says who saved the notes last and when', async () => {
    const [fresh] = (await seedAlarms(t.database.db, [{ controller: 1, notes: '<p>seeded</p>' }])) as [SeededAlarm];
    const view = async (ref: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/alarms/${ref}`, headers: headers(manager) })).json().data;
    // Notes that were never saved in the console have no author.
    expect(await view(fresh.ref)).toMatchObject({ notes: '<p>seeded</p>', notes_by: null, notes_at: null });

    await put('<p>by the manager</p>');
    const admin = await login(t.app, 'admin@example.com');
    await put('<p>by the administrator</p>', admin);
    const [entry] = await query<{ actor_user_id: number; created_at: unknown }>(
      t.database.db,
      sql`select actor_user_id, created_at from audit_log where action = 'alarm.notes' order by id desc limit 1`,
    );
    const adminUser = await userByEmail(t.database, 'admin@example.com');
    const detail = await view(alarm.ref);
    expect(detail.notes_by).toEqual({ id: adminUser.id, name: adminUser.name });
    expect(entry?.actor_user_id).toBe(adminUser.id);
    expect(new Date(detail.notes_at).getTime()).toBe(new Date(String(entry?.created_at)).getTime());
  });

  it('refuses a body that is not notes, or too long, and changes nothing', async () => {
    const before = await storedNotes();
    for (const notes of [42, null, 'x'.repeat(100_001)]) {
      const res = await put(notes, manager, 'es-MX');
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe('Algunos campos no son válidos.');
    }
    expect(await storedNotes()).toBe(before);
  });

  it('needs alarms_acknowledge as well as alarms_view', async () => {
    const before = await storedNotes();
    const res = await put('<p>viewer</p>', await login(t.app, 'viewer@example.com'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(await storedNotes()).toBe(before);
  });
});
