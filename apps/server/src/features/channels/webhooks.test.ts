import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { advance } from '../../test/helpers.ts';
import {
  admin,
  call,
  clock,
  createHook,
  freshmartId,
  freshmartLanguage,
  fx,
  manager,
  northwind,
  ours,
  raise,
  receiver,
  theirs,
  useWebhooksServer,
  verify,
} from '../../test/webhooks.ts';
import { processOutbox } from '../notifications/alarm-outbox.ts';
import { processPaging } from '../oncall/paging.ts';
import { deliverWebhooks } from './webhook-deliver.ts';

useWebhooksServer();

describe('outbound webhooks', () => {
  let generic: { data: { id: number }; secret: string };
  let slackId = 0;
  let teamsId = 0;

  it('creates webhooks, shows the secret once, and sends a signed generic, a Slack and a Teams message per event', async () => {
    generic = await createHook(admin, {
      name: 'Ops receiver',
      url: receiver.url('/generic'),
      kind: 'generic',
      organization_id: null,
    });
    expect(generic.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    const shown = await call(admin, 'GET', `/settings/webhooks/${generic.data.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain(generic.secret.slice(6));
    expect((await call(admin, 'GET', '/settings/webhooks')).body).not.toContain(generic.secret.slice(6));

    slackId = (
      await createHook(manager, {
        name: 'Store Slack',
        url: receiver.url('/slack'),
        kind: 'slack',
        organization_id: freshmartId,
      })
    ).data.id;
    teamsId = (
      await createHook(manager, {
        name: 'Store Teams',
        url: receiver.url('/teams'),
        kind: 'teams',
        organization_id: freshmartId,
        events: ['alarm.raised'],
      })
    ).data.id;

    const alarm = await raise(ours);
    const queued = await query<{ n: number }>(
      fx.server.database.db,
      sql`select count(*)::int as n from webhook_deliveries where alarm_id = ${alarm.id}`,
    );
    expect(Number(queued[0]?.n)).toBe(3);
    // Nothing leaves before the worker's pass: queued in the outbox's transaction, sent after it.
    expect(receiver.received).toHaveLength(0);
    await deliverWebhooks(fx.deps);

    const [g] = receiver.at('/generic');
    if (!g) throw new Error('no generic delivery');
    const verified = verify(generic.secret, g) as {
      type: string;
      data: { alarm: { ref: number; organization: { id: number } } };
    };
    expect(verified.type).toBe('alarm.raised');
    expect(verified.data.alarm.ref).toBe(alarm.ref);
    expect(verified.data.alarm.organization.id).toBe(freshmartId);
    expect(g.headers['webhook-id']).toMatch(/^msg_/);
    // A tampered body does not verify.
    expect(() => verify(generic.secret, { ...g, body: g.body.replace('alarm.raised', 'alarm.cleared') })).toThrow();

    const spanish = freshmartLanguage.startsWith('es');
    expect(spanish).toBe(true);
    const [s] = receiver.at('/slack');
    const slack = JSON.parse(s?.body ?? '{}');
    expect(s?.headers['webhook-signature']).toBeUndefined();
    expect(
      slack.text.startsWith(`${spanish ? 'Alarma' : 'Alarm'} #${alarm.ref} ${spanish ? 'activada' : 'raised'}: `),
    ).toBe(true);
    expect(slack.blocks.map((b: { type: string }) => b.type)).toEqual(['header', 'section', 'actions']);
    expect(slack.blocks[2].elements[0].url).toContain(`/alarms/${alarm.ref}/view`);

    const [t] = receiver.at('/teams');
    const teams = JSON.parse(t?.body ?? '{}');
    expect(teams.type).toBe('message');
    expect(teams.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    const card = teams.attachments[0].content;
    expect(card.type).toBe('AdaptiveCard');
    expect(card.body[0].text).toBe(slack.text);
    expect(card.body.find((b: { type: string }) => b.type === 'FactSet').facts.length).toBeGreaterThanOrEqual(4);
    expect(card.actions[0]).toMatchObject({
      type: 'Action.OpenUrl',
      url: expect.stringContaining(`/alarms/${alarm.ref}/view`),
    });

    // Acknowledged: the generic and Slack hooks take it (Teams takes raises only), naming who.
    const ack = await call(manager, 'POST', `/alarms/${alarm.ref}/acknowledge`);
    expect(ack.statusCode, ack.body).toBe(200);
    await processOutbox(fx.deps);
    await deliverWebhooks(fx.deps);
    const acked = receiver
      .at('/generic')
      .map((r) => verify(generic.secret, r) as { type: string; data: { by?: string } });
    expect(acked.map((a) => a.type)).toEqual(['alarm.raised', 'alarm.acknowledged']);
    expect(acked[1]?.data.by).toBeTruthy();
    expect(receiver.at('/slack')).toHaveLength(2);
    expect(receiver.at('/teams')).toHaveLength(1);
  });

  it("sends an organization's webhook only its organization's alarms; the service company's takes every one", async () => {
    const before = receiver.received.length;
    const other = await raise(theirs);
    await deliverWebhooks(fx.deps);
    const got = receiver.received.slice(before);
    expect(got.map((r) => r.path)).toEqual(['/generic']);
    expect(
      (verify(generic.secret, got[0] ?? { body: '', headers: {} }) as { data: { alarm: { ref: number } } }).data.alarm
        .ref,
    ).toBe(other.ref);
  });

  it('emits alarm.escalated when a later step of the chain pages', async () => {
    const db = fx.server.database.db;
    const techId = Number(
      (await query<{ id: number }>(db, sql`select id from users where email = 'technician@example.com'`))[0]?.id,
    );
    const policy = await call(admin, 'POST', '/escalation-policies', {
      name: 'Webhook escalation',
      organization_id: null,
      repeat: 0,
      steps: [
        { delay_minutes: 0, targets: [{ type: 'user', id: techId }] },
        { delay_minutes: 5, targets: [{ type: 'user', id: techId }] },
      ],
    });
    expect(policy.statusCode, policy.body).toBe(201);
    await db.execute(
      sql`update alarm_types set escalation_policy_id = ${policy.json().data.id} where code = 'LOW_LIQUID_LEVEL'`,
    );
    const alarm = await raise(ours);
    await processPaging(fx.deps);
    advance(clock, 6 * 60_000);
    await processPaging(fx.deps);
    await deliverWebhooks(fx.deps);
    const events = receiver
      .at('/generic')
      .filter((r) => JSON.parse(r.body).data.alarm?.ref === alarm.ref)
      .map(
        (r) =>
          verify(generic.secret, r) as {
            type: string;
            data: { alarm: { ref: number }; step?: number; paged?: string[] };
          },
      );
    // Verified with the receiver's clock at the sender's (the signature checks the timestamp).
    expect(events.map((e) => e.type)).toEqual(['alarm.raised', 'alarm.escalated']);
    expect(events[1]?.data.step).toBe(2);
    expect(events[1]?.data.paged?.length).toBe(1);
    await db.execute(sql`update alarm_types set escalation_policy_id = null where code = 'LOW_LIQUID_LEVEL'`);
  });

  it("refuses another organization's user everywhere and an organization's user the service company's webhooks", async () => {
    for (const [method, url, payload] of [
      ['GET', `/settings/webhooks/${slackId}`],
      ['PATCH', `/settings/webhooks/${slackId}`, { name: 'Mine now' }],
      ['DELETE', `/settings/webhooks/${slackId}`],
      ['GET', `/settings/webhooks/${slackId}/deliveries`],
      ['POST', `/settings/webhooks/${slackId}/test`],
      ['GET', `/settings/webhooks/${generic.data.id}`],
    ] as const) {
      const res = await call(northwind, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
    }
    const list = await call(northwind, 'GET', '/settings/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
    const foreign = await call(northwind, 'POST', '/settings/webhooks', {
      name: 'x',
      url: receiver.url('/x'),
      kind: 'slack',
      events: ['alarm.raised'],
      organization_id: freshmartId,
    });
    expect(foreign.statusCode).toBe(422);
    const shared = await call(manager, 'POST', '/settings/webhooks', {
      name: 'x',
      url: receiver.url('/x'),
      kind: 'slack',
      events: ['alarm.raised'],
      organization_id: null,
    });
    expect(shared.statusCode).toBe(403);
    // The manager sees FreshMart's webhooks, not the service company's.
    const mine = (await call(manager, 'GET', '/settings/webhooks')).json().data.map((w: { id: number }) => w.id);
    expect(mine).toEqual(expect.arrayContaining([slackId, teamsId]));
    expect(mine).not.toContain(generic.data.id);
    expect(
      await query(fx.server.database.db, sql`select 1 from webhooks where id = ${slackId} and name = 'Store Slack'`),
    ).toHaveLength(1);
  });

  it('edits, disables and deletes a webhook with its delivery log; bad input is a localized 422', async () => {
    const bad = await call(
      manager,
      'POST',
      '/settings/webhooks',
      { name: '', url: 'ftp://x', kind: 'email', events: [], organization_id: freshmartId },
      'es-MX',
    );
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'url', 'kind', 'events']));
    expect(bad.body).toContain('Ingresa una dirección http o https.');

    const off = await call(manager, 'PATCH', `/settings/webhooks/${slackId}`, {
      enabled: false,
      name: 'Store Slack (off)',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, name: 'Store Slack (off)' });
    const before = receiver.at('/slack').length;
    await raise(ours);
    await deliverWebhooks(fx.deps);
    expect(receiver.at('/slack')).toHaveLength(before);

    const deliveries = await call(manager, 'GET', `/settings/webhooks/${slackId}/deliveries`);
    expect(deliveries.json().meta.total).toBeGreaterThan(0);
    expect((await call(manager, 'DELETE', `/settings/webhooks/${slackId}`)).statusCode).toBe(204);
    expect((await call(manager, 'GET', `/settings/webhooks/${slackId}`)).statusCode).toBe(404);
    expect(
      await query(fx.server.database.db, sql`select 1 from webhook_deliveries where webhook_id = ${slackId}`),
    ).toHaveLength(0);
    const audit = await query<{ action: string }>(
      fx.server.database.db,
      sql`select action from audit_log where subject_type = 'webhook' and subject_id = ${slackId} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['webhook.create', 'webhook.update', 'webhook.delete']);
  });
});
