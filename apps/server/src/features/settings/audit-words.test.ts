import type { AuditEntry, AuditValue } from '@rcm/shared/settings';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teams } from '../../db/schema.ts';
import { seedAlarms } from '../../test/alarms.ts';
import { headers } from '../../test/helpers.ts';
import { useSettingsFixture } from '../../test/settings.ts';

/**
 * The audit log reads as what happened to named records: ids are named (also of deleted users and
 * archived or deleted records), rich text is plain text, and no value is raw JSON.
 */
const fx = useSettingsFixture();
const call = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object, locale?: string) =>
  fx.t.app.inject({ method, url, headers: headers(fx.tokens.admin, locale), ...(payload ? { payload } : {}) });

async function log(action: string, locale?: string): Promise<AuditEntry[]> {
  const res = await call('GET', `/api/audit-log?per_page=100&action=${action}`, undefined, locale);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The words a value is shown with as they are (codes, flags, numbers and dates are worded by the SPA). */
const shown = (v: AuditValue | null): string[] =>
  v === null
    ? []
    : v.kind === 'list'
      ? v.items.flatMap((i) => shown(i))
      : v.kind === 'name'
        ? [v.name]
        : v.kind === 'text'
          ? [v.text]
          : [];

/** What an administrator would read: no markup, no JSON, no bare record numbers. */
function expectReadable(entries: AuditEntry[]) {
  for (const e of entries) {
    expect(e.subject_name, `${e.action} ${e.subject_id}`).toBeTruthy();
    expect(e).not.toHaveProperty('before');
    expect(e).not.toHaveProperty('after');
    for (const c of e.changes) {
      expect(c.field).toMatch(/^[a-z][a-z0-9_]*$/);
      for (const text of [...shown(c.before), ...shown(c.after)]) {
        expect(text, `${e.action} ${c.field}`).not.toMatch(/<\/?[a-z]+[^>]*>|&[a-z]+;|^[[{]|^#\d+$/i);
      }
    }
  }
}

const change = (e: AuditEntry | undefined, field: string) => e?.changes.find((c) => c.field === field);

describe('audit log words', () => {
  it('names the roles and teams of a user change, also after the team is deleted and the role archived', async () => {
    const temp = await call('POST', '/api/settings/teams', { name: 'Night Crew', organization_id: fx.ids.freshOrg });
    expect(temp.statusCode).toBe(201);
    const target = await call('PATCH', `/api/settings/users/${fx.ids.target}`, {
      role_id: fx.ids.customRole,
      team_id: temp.json().data.id,
    });
    expect(target.statusCode).toBe(200);
    // The role is archived (a user's history refers to it), the team deleted once nobody is in it.
    expect(
      (await call('PATCH', `/api/settings/users/${fx.ids.target}`, { role_id: fx.ids.viewerRole, team_id: null }))
        .statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/settings/teams/${temp.json().data.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/settings/roles/${fx.ids.customRole}`)).statusCode).toBe(204);

    const updates = await log('user.update');
    const first = updates.find((e) => change(e, 'team_id')?.after !== null);
    expect(first?.subject_name).toBe('fm-target@example.com');
    expect(change(first, 'role_id')?.after).toEqual({ kind: 'name', of: 'role', name: 'Access test role' });
    expect(change(first, 'team_id')?.after).toEqual({ kind: 'name', of: 'team', name: 'Night Crew' });
    expect(change(first, 'name')).toBeUndefined();
    const [deleted] = await log('team.delete');
    expect(deleted?.subject_name).toBe('Night Crew');
    expect(change(deleted, 'organization_id')?.before).toEqual({
      kind: 'name',
      of: 'organization',
      name: 'FreshMart Foods',
    });
    expectReadable([...updates, deleted as AuditEntry]);
  });

  it('names a deleted user, as subject and in later references', async () => {
    const created = await call('POST', '/api/settings/users', {
      name: 'Ana López',
      email: 'ana.lopez@example.com',
      phone: '',
      role_id: fx.ids.viewerRole,
      team_id: null,
      organization_id: fx.ids.freshOrg,
      all_locations: true,
      location_ids: [],
      language: 'es-MX',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await call('DELETE', `/api/settings/users/${id}`)).statusCode).toBe(204);
    const [create] = (await log('user.create')).filter((e) => e.subject_id === String(id));
    expect(create?.subject_name).toBe('Ana López');
    expect(change(create, 'language')?.after).toEqual({ kind: 'code', of: 'language', value: 'es-MX' });
    expect(change(create, 'all_locations')?.after).toEqual({ kind: 'flag', value: true });
    expect(change(create, 'location_ids')).toBeUndefined();
    const [removed] = (await log('user.delete')).filter((e) => e.subject_id === String(id));
    expect(removed?.subject_name).toBe('Ana López');
    expectReadable([create as AuditEntry, removed as AuditEntry]);
  });

  it('shows alarm notes as plain text and names the alarm in the reader’s language', async () => {
    const [alarm] = await seedAlarms(fx.t.database.db, [{ controller: 0, type: 'LOW_OIL_PRESSURE' }]);
    if (!alarm) throw new Error('no alarm');
    const notes = '<p>Checked the <strong>oil</strong> level &amp; filter.</p><ul><li>Topped up</li></ul>';
    expect((await call('PUT', `/api/alarms/${alarm.ref}/notes`, { notes })).statusCode).toBe(200);
    const [en] = (await log('alarm.notes')).filter((e) => e.subject_id === String(alarm.ref));
    expect(en?.subject_name).toBe(`#${alarm.ref} · Low oil pressure`);
    expect(change(en, 'notes')?.after).toEqual({ kind: 'text', text: 'Checked the oil level & filter.\nTopped up' });
    expect(change(en, 'notes')?.before).toBeNull();
    const [es] = (await log('alarm.notes', 'es-MX')).filter((e) => e.subject_id === String(alarm.ref));
    expect(es?.subject_name).toBe(`#${alarm.ref} · Presión de aceite baja`);
    expectReadable([en as AuditEntry]);
  });

  it('lists a role’s permissions and names its subject', async () => {
    const res = await call('POST', '/api/settings/roles', {
      name: 'Night auditor',
      color: '#334155',
      permissions: ['alarms_view'],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(
      (
        await call('PUT', `/api/settings/roles/${id}`, {
          name: 'Night auditor',
          color: '#334155',
          permissions: ['alarms_view', 'search_view'],
        })
      ).statusCode,
    ).toBe(200);
    const [update] = (await log('role.update')).filter((e) => e.subject_id === String(id));
    expect(update?.subject_name).toBe('Night auditor');
    expect(update?.changes).toEqual([
      {
        field: 'permissions',
        before: { kind: 'list', items: [{ kind: 'code', of: 'permissions', value: 'alarms_view' }] },
        after: {
          kind: 'list',
          items: [
            { kind: 'code', of: 'permissions', value: 'alarms_view' },
            { kind: 'code', of: 'permissions', value: 'search_view' },
          ],
        },
      },
    ]);
  });

  it('names a maintenance window by its place, and by its reason once it is deleted', async () => {
    const start = new Date(Date.now() + 3_600_000);
    const window = async (reason: string) => {
      const res = await call('POST', '/api/maintenance-windows', {
        location_id: 2,
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + 7_200_000).toISOString(),
        reason,
      });
      expect(res.statusCode).toBe(201);
      return String(res.json().data.id);
    };
    const kept = await window('Defrost tuning');
    const gone = await window('Case cleaning');
    expect((await call('DELETE', `/api/maintenance-windows/${gone}`)).statusCode).toBe(204);
    const created = await log('maintenance_window.create');
    const one = created.find((e) => e.subject_id === kept);
    expect(one?.subject_name).toBe('FreshMart #101 Downtown');
    expect(change(one, 'location_id')?.after).toEqual({
      kind: 'name',
      of: 'location',
      name: 'FreshMart #101 Downtown',
    });
    expect(change(one, 'starts_at')?.after).toEqual({ kind: 'time', value: start.toISOString() });
    expect(created.find((e) => e.subject_id === gone)?.subject_name).toBe('Case cleaning');
    const removed = [...(await log('maintenance_window.delete')), ...(await log('maintenance_window.archive'))];
    expect(removed.find((e) => e.subject_id === gone)?.subject_name).toBe('Case cleaning');
    expectReadable(created);
  });

  it('every entry the fixture and these tests wrote reads as words', async () => {
    const all = await call('GET', '/api/audit-log?per_page=100&hide_sign_ins=true');
    const entries: AuditEntry[] = all.json().data;
    expect(entries.length).toBeGreaterThan(5);
    expectReadable(entries);
    // Another organization's editor sees none of FreshMart's entries, named or not.
    const other = await fx.t.app.inject({
      method: 'GET',
      url: '/api/audit-log?per_page=100',
      headers: headers(fx.tokens.otherOrg),
    });
    expect(other.json().data.some((e: AuditEntry) => e.subject_name === 'fm-target@example.com')).toBe(false);
    const [team] = await fx.t.database.db.select().from(teams).where(eq(teams.name, 'Night Crew'));
    expect(team).toBeUndefined();
  });
});
