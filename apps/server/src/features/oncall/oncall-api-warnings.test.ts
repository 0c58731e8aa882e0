import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locations } from '../../db/schema.ts';
import { userByEmail } from '../../test/helpers.ts';
import { call, fx, ids, tokens, useOncallApi } from '../../test/oncall-api.ts';
import type { Caller } from '../../test/settings.ts';

useOncallApi();

describe('on-call schedules: policies and their reach', () => {
  it('refuses deleting a policy an alarm type names', async () => {
    const shared = await call('admin', 'POST', 'escalation-policies', {
      name: 'Oil faults',
      organization_id: null,
      steps: [{ delay_minutes: 5, targets: [{ type: 'team', id: ids.freshTeam }] }],
    });
    const id = (shared.body.data as { id: number }).id;
    const type = await fx.t.app.inject({
      method: 'PUT',
      url: `/api/settings/alarm-types/${ids.alarmType}`,
      headers: { authorization: `Bearer ${tokens.admin}` },
      payload: { ...fx.alarmTypeBody(), escalation_policy_id: id },
    });
    expect(type.statusCode, type.body).toBe(200);
    const res = await call('admin', 'DELETE', `escalation-policies/${id}`, undefined, 'es-MX');
    expect(res.status).toBe(409);
    expect((res.body.error as { message: string }).message).toContain('1 tipo de alarma avisa con esta política.');
  });
  it('warns of a location whose own policy reaches nobody, to those who see that location', async () => {
    const [loc] = await fx.t.database.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.organizationId, ids.freshOrg))
      .limit(1);
    if (!loc) throw new Error('FreshMart has no location');
    // A shared schedule nobody is on: the location's own policy (which wins there) reaches nobody.
    const schedule = await call('admin', 'POST', 'oncall/schedules', {
      name: 'Empty nights',
      organization_id: null,
      time_zone: 'America/Chicago',
      layers: [],
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    const policy = await call('admin', 'POST', 'escalation-policies', {
      name: 'Nights only',
      organization_id: null,
      steps: [{ delay_minutes: 0, targets: [{ type: 'schedule', id: (schedule.body.data as { id: number }).id }] }],
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);
    await fx.t.database.db
      .update(locations)
      .set({ escalationPolicyId: (policy.body.data as { id: number }).id })
      .where(eq(locations.id, loc.id));
    type Warning = { organization: { name: string }; location: { id: number; name: string } | null };
    const atLocation = (data: unknown) => (data as Warning[]).filter((w) => w.location?.id === loc.id);
    const admin = await call('admin', 'GET', 'oncall/warnings');
    expect(atLocation(admin.body.data).length).toBeGreaterThan(0);
    expect(atLocation(admin.body.data)[0]).toMatchObject({ organization: { name: 'FreshMart Foods' }, location: loc });
    expect(atLocation((await call('orgViewer', 'GET', 'oncall/warnings')).body.data).length).toBeGreaterThan(0);
    expect(atLocation((await call('otherOrg', 'GET', 'oncall/warnings')).body.data)).toEqual([]);
    await fx.t.database.db.update(locations).set({ escalationPolicyId: null }).where(eq(locations.id, loc.id));
  });

  it('lets a location name its organization’s own or a shared policy, never another organization’s', async () => {
    const [loc] = await fx.t.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.organizationId, ids.freshOrg))
      .limit(1);
    if (!loc) throw new Error('FreshMart has no location');
    const url = `locations/${loc.id}`;
    const current = (await call('admin', 'GET', url)).body.data as Record<string, unknown>;
    expect(current.escalation_policy_id).toBeNull();
    const { id: _id, organisation: _o, controllers_count: _c, ...fields } = current;
    const policy = async (who: Caller, name: string, organizationId: number | null) => {
      const res = await call(who, 'POST', 'escalation-policies', {
        name,
        organization_id: organizationId,
        steps: [{ delay_minutes: 0, targets: [{ type: 'members' }] }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.data as { id: number }).id;
    };
    const nw = await userByEmail(fx.t.database, 'nw-editor@example.com');
    const own = await policy('orgEditor', 'FreshMart stores', ids.freshOrg);
    const shared = await policy('admin', 'Shared stores', null);
    const foreign = await policy('otherOrg', 'Northwind stores', nw.organizationId);

    const refused = await call('admin', 'PATCH', url, { ...fields, escalation_policy_id: foreign }, 'es-MX');
    expect(refused.status).toBe(422);
    const refusedFields = (refused.body.error as { details: { fields: { field: string }[] } }).details.fields;
    expect(refusedFields.map((f) => f.field)).toEqual(['escalation_policy_id']);
    expect(((await call('admin', 'GET', url)).body.data as Record<string, unknown>).escalation_policy_id).toBeNull();

    for (const id of [own, shared]) {
      const saved = await call('admin', 'PATCH', url, { ...fields, escalation_policy_id: id });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((saved.body.data as Record<string, unknown>).escalation_policy_id).toBe(id);
    }
    // Left out of the body, the policy stays; a policy a location names cannot be deleted.
    const kept = await call('admin', 'PATCH', url, { ...fields, escalation_policy_id: undefined, name: 'Renamed' });
    expect((kept.body.data as Record<string, unknown>).escalation_policy_id).toBe(shared);
    const inUse = await call('admin', 'DELETE', `escalation-policies/${shared}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatchObject({ code: 'in_use' });
    await call('admin', 'PATCH', url, { ...fields, escalation_policy_id: null });
    expect((await call('admin', 'DELETE', `escalation-policies/${shared}`)).status).toBe(204);
    for (const id of [own, foreign])
      expect((await call('admin', 'DELETE', `escalation-policies/${id}`)).status).toBe(204);
  });
});
