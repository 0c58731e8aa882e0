import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import twilio from 'twilio';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { query } from '../../lib/sql.ts';
import { seedAlarms } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { headers, userByEmail } from '../../test/helpers.ts';
import { PUBLIC_URL, useNotificationsServer } from '../../test/notifications.ts';
import { startTestTwilio, TEST_TWILIO } from '../../test/twilio.ts';
import { processOutbox } from '../notifications/alarm-outbox.ts';
import { processPaging } from '../oncall/paging.ts';
import { deliverPages } from './deliver.ts';
import { createDeliverRepo } from './deliver-repo.ts';
import { createTwilioRepo } from './twilio-repo.ts';

let tw: Awaited<ReturnType<typeof startTestTwilio>>;
beforeAll(async () => {
  tw = await startTestTwilio();
  return () => tw.close();
});
const fx = useNotificationsServer(() => tw.env);
const { clock, queueRaise } = fx;

const SMS = '+13125550142';
const VOICE = '+13125550143';
let techId = 0;
let smsId = 0;
let voiceId = 0;

beforeAll(async () => {
  const db = fx.server.database.db;
  techId = (await userByEmail(fx.server.database, 'technician@example.com')).id;
  const ids = await query<{ id: number }>(
    db,
    sql`insert into contact_methods (user_id, type, address, verified_at, created_at)
        values (${techId}, 'sms', ${SMS}, now(), now()), (${techId}, 'voice', ${VOICE}, now(), now()) returning id`,
  );
  smsId = Number(ids[0]?.id);
  voiceId = Number(ids[1]?.id);
  const admin = await login(fx.server.app, 'admin@example.com');
  const policy = await fx.server.app.inject({
    method: 'POST',
    url: '/api/escalation-policies',
    headers: headers(admin),
    payload: {
      name: 'Technician by phone',
      organization_id: null,
      repeat: 0,
      steps: [{ delay_minutes: 0, targets: [{ type: 'user', id: techId }] }],
    },
  });
  expect(policy.statusCode, policy.body).toBe(201);
  await db.execute(
    sql`update alarm_types set escalation_policy_id = ${policy.json().data.id} where code = 'LOW_LIQUID_LEVEL'`,
  );
});

/** The technician's rules, through the API. */
let techToken = '';
async function rules(body: object[]) {
  techToken ||= await login(fx.server.app, 'technician@example.com');
  const token = techToken;
  const res = await fx.server.app.inject({
    method: 'PUT',
    url: '/api/account/notification-rules',
    headers: headers(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A raised alarm, its outbox and paging passes run. */
async function raise() {
  const [alarm] = await seedAlarms(fx.server.database.db, [
    { controller: 4, type: 'LOW_LIQUID_LEVEL', raisedAt: clock.now },
  ]);
  if (!alarm) throw new Error('seed failed');
  await queueRaise(alarm.id);
  await processOutbox(fx.deps);
  await processPaging(fx.deps);
  return alarm;
}

type PageRow = {
  id: number;
  channel: string;
  status: string;
  provider_id: string | null;
  detail: string | null;
  attempts: number;
};
const pagesOf = (alarmId: number) =>
  query<PageRow>(
    fx.server.database.db,
    sql`select id, channel, status, provider_id, detail, attempts from alarm_pages where alarm_id = ${alarmId} order by id`,
  );

/**
 * A request as Twilio sends it: form-encoded and signed over the URL and fields; an SMS reply has a
 * MessageSid of its own, as every message Twilio receives does, unless the form names one, and the
 * test Twilio server knows it as received now.
 */
function fromTwilio(path: string, fields: Record<string, string>, signature?: string) {
  const form = path === '/api/twilio/sms' && !fields.MessageSid ? { MessageSid: newSid('SM'), ...fields } : fields;
  if (form.MessageSid && path === '/api/twilio/sms' && !tw.created.some((c) => c.sid === form.MessageSid))
    tw.receive(form.MessageSid);
  return signedByTwilio(path, form, signature);
}

/** The request as posted, signed, whether or not Twilio has such a message. */
function signedByTwilio(path: string, form: Record<string, string>, signature?: string) {
  const url = `${PUBLIC_URL}${path}`;
  return fx.server.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(TEST_TWILIO.TWILIO_AUTH_TOKEN, url, form),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

describe('paging by the person’s rules', () => {
  it('texts at once, calls later unless acknowledged; status callbacks and an "ACK" reply land on the pages', async () => {
    clock.now = new Date();
    await rules([
      { method: 'email', delay_minutes: 0 },
      { method: { contact_method_id: smsId }, delay_minutes: 0 },
      { method: { contact_method_id: voiceId }, delay_minutes: 5 },
    ]);
    const alarm = await raise();
    expect((await pagesOf(alarm.id)).map((p) => [p.channel, p.status])).toEqual([
      ['email', 'queued'],
      ['sms', 'queued'],
      ['voice', 'queued'],
    ]);
    const before = tw.requests.length;
    await deliverPages(fx.deps);
    // Only the SMS was due; the call waits its 5 minutes.
    const sent = tw.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe(`/2010-04-01/Accounts/${TEST_TWILIO.TWILIO_ACCOUNT_SID}/Messages.json`);
    expect(sent[0]?.form).toMatchObject({
      To: SMS,
      From: TEST_TWILIO.TWILIO_FROM,
      StatusCallback: `${PUBLIC_URL}/api/twilio/status`,
    });
    expect(sent[0]?.form.Body).toContain(`#${alarm.ref}`);
    expect(sent[0]?.form.Body).toMatch(new RegExp(`${PUBLIC_URL}/a/[A-Za-z0-9_-]{43}`));
    expect(sent[0]?.form.Body).toContain(`ACK ${alarm.ref}`);
    const sms = (await pagesOf(alarm.id))[1];
    expect(sms).toMatchObject({ status: 'sent', provider_id: expect.stringMatching(/^SM/) });

    // Twilio says it was delivered: an unsigned or wrongly signed callback changes nothing.
    const callback = {
      MessageSid: sms?.provider_id ?? '',
      MessageStatus: 'delivered',
      AccountSid: TEST_TWILIO.TWILIO_ACCOUNT_SID,
    };
    expect((await fromTwilio('/api/twilio/status', callback, 'bad')).statusCode).toBe(403);
    expect((await pagesOf(alarm.id))[1]?.status).toBe('sent');
    expect((await fromTwilio('/api/twilio/status', callback)).statusCode).toBe(204);
    expect((await pagesOf(alarm.id))[1]?.status).toBe('delivered');

    // The technician replies "ACK" from the number: acknowledged as them.
    const unsigned = await fromTwilio('/api/twilio/sms', { From: SMS, Body: 'ACK' }, 'forged');
    expect(unsigned.statusCode).toBe(403);
    const reply = await fromTwilio('/api/twilio/sms', { From: SMS, Body: ' ack ', To: TEST_TWILIO.TWILIO_FROM });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain(`<Message>Alarm #${alarm.ref} acknowledged.</Message>`);
    const [row] = await query<{ status: string; acknowledged_by: number }>(
      fx.server.database.db,
      sql`select status, acknowledged_by from alarms where id = ${alarm.id}`,
    );
    expect(row).toMatchObject({ status: 'acknowledged', acknowledged_by: techId });
    // A number nobody verified is told nothing.
    expect((await fromTwilio('/api/twilio/sms', { From: '+15550000000', Body: 'ACK' })).body).not.toContain(
      '<Message>',
    );

    // Five minutes on, the call is not placed: the alarm was acknowledged.
    await processOutbox(fx.deps);
    clock.now = new Date(clock.now.getTime() + 5 * 60_000 + 1000);
    const calls = tw.requests.length;
    await deliverPages(fx.deps);
    expect(tw.requests.length).toBe(calls);
    expect((await pagesOf(alarm.id)).map((p) => p.channel)).toEqual(['email', 'sms']);
  });

  it('calls and reads the alarm out in the person’s language; "1" acknowledges', async () => {
    clock.now = new Date();
    await fx.server.database.db.execute(sql`update users set language = 'es-MX' where id = ${techId}`);
    await rules([{ method: { contact_method_id: voiceId }, delay_minutes: 0 }]);
    const alarm = await raise();
    await deliverPages(fx.deps);
    const [page] = await pagesOf(alarm.id);
    expect(page).toMatchObject({ channel: 'voice', status: 'sent', provider_id: expect.stringMatching(/^CA/) });
    const placed = tw.requests.at(-1);
    const voicePath = `/api/twilio/voice/${page?.id}`;
    expect(placed?.path).toMatch(/\/Calls\.json$/);
    expect(placed?.form).toMatchObject({ To: VOICE, From: TEST_TWILIO.TWILIO_FROM, Url: `${PUBLIC_URL}${voicePath}` });

    expect((await fromTwilio(voicePath, { CallSid: page?.provider_id ?? '' }, 'x')).statusCode).toBe(403);
    const answered = await fromTwilio(voicePath, { CallSid: page?.provider_id ?? '' });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['content-type']).toContain('text/xml');
    expect(answered.body).toContain('<Gather numDigits="1"');
    expect(answered.body).toContain('<Say language="es-MX">Alarma de refrigeración.');
    expect(answered.body).toContain('Presiona 1 para reconocerla.');
    const pressed = await fromTwilio(voicePath, { CallSid: page?.provider_id ?? '', Digits: '1' });
    expect(pressed.body).toContain('Reconocida. Hasta luego.');
    const [row] = await query<{ status: string }>(
      fx.server.database.db,
      sql`select status from alarms where id = ${alarm.id}`,
    );
    expect(row?.status).toBe('acknowledged');
    await fx.server.database.db.execute(sql`update users set language = 'en-US' where id = ${techId}`);
  });

  it('keeps a failure on the page and retries with backoff, then fails it', async () => {
    clock.now = new Date();
    tw.fail.add(SMS);
    await rules([{ method: { contact_method_id: smsId }, delay_minutes: 0 }]);
    const alarm = await raise();
    await deliverPages(fx.deps);
    let [page] = await pagesOf(alarm.id);
    expect(page).toMatchObject({ status: 'queued', attempts: 1 });
    expect(page?.detail).toContain('is not a valid phone number');
    // Not before the backoff (30 s), then again until the fifth try fails it.
    await deliverPages(fx.deps);
    expect((await pagesOf(alarm.id))[0]?.attempts).toBe(1);
    for (let i = 0; i < 4; i++) {
      clock.now = new Date(clock.now.getTime() + 31 * 60_000);
      await deliverPages(fx.deps);
    }
    [page] = await pagesOf(alarm.id);
    expect(page).toMatchObject({ status: 'failed', attempts: 5 });
    tw.fail.delete(SMS);
    // The alarm's pages as the console lists them.
    const admin = await login(fx.server.app, 'admin@example.com');
    const listed = await fx.server.app.inject({ url: `/api/alarms/${alarm.ref}/pages`, headers: headers(admin) });
    expect(listed.json().data[0]).toMatchObject({ channel: 'sms', status: 'failed' });
  });
});

describe('a sender that dies mid-send', () => {
  const smsRequests = (body: string | null) =>
    tw.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Messages.json') && r.form.Body === body);
  const sentBody = async (pageId: number) =>
    (
      await query<{ sent_body: string | null }>(
        fx.server.database.db,
        sql`select sent_body from alarm_pages where id = ${pageId}`,
      )
    )[0]?.sent_body ?? null;

  it('resumes at the restart’s first pass and asks Twilio first: the SMS it had sent is not sent again', async () => {
    clock.now = new Date();
    await rules([{ method: { contact_method_id: smsId }, delay_minutes: 0 }]);
    tw.hang.add(SMS);
    const alarm = await raise();
    const run = { ...fx.deps, claimant: 'rcm-test-1' };
    // Twilio creates the message and the sender never hears back: it dies there.
    const dying = deliverPages(run);
    await vi.waitFor(async () => expect((await pagesOf(alarm.id))[0]?.attempts).toBe(1));
    const [page] = await pagesOf(alarm.id);
    if (!page) throw new Error('no page');
    await vi.waitFor(async () => expect(smsRequests(await sentBody(page.id))).toHaveLength(1));
    tw.hang.delete(SMS);

    // The restart (the same INSTANCE_ID) releases its claims: due at once, not when the lease ends.
    expect(await createDeliverRepo(fx.server.database.db).releaseClaims('rcm-test-1', clock.now)).toBe(1);
    await deliverPages(run);
    const body = await sentBody(page.id);
    const [after] = await pagesOf(alarm.id);
    expect(after?.status).toBe('sent');
    expect(after?.provider_id).toBe(tw.created.findLast((c) => c.to === SMS)?.sid);
    expect(smsRequests(body)).toHaveLength(1);

    // The dead run's request ends at last: it changes nothing.
    tw.dropHanging();
    await dying;
    expect((await pagesOf(alarm.id))[0]).toMatchObject({ status: 'sent', provider_id: after?.provider_id });
  });

  it('sends again, the same text, when Twilio has no message of an interrupted send', async () => {
    clock.now = new Date();
    await rules([{ method: { contact_method_id: smsId }, delay_minutes: 0 }]);
    const alarm = await raise();
    const [page] = await pagesOf(alarm.id);
    if (!page) throw new Error('no page');
    // A send that began (its text recorded) and died before Twilio received it.
    const text = `Interrupted page ${page.id}`;
    await fx.server.database.db.execute(
      sql`update alarm_pages set send_started_at = now(), sent_body = ${text}, claimed_by = 'rcm-test-2' where id = ${page.id}`,
    );
    expect(await createDeliverRepo(fx.server.database.db).releaseClaims(null, clock.now)).toBeGreaterThanOrEqual(1);
    await deliverPages({ ...fx.deps, claimant: 'rcm-test-2' });
    expect((await pagesOf(alarm.id))[0]?.status).toBe('sent');
    expect(smsRequests(text)).toHaveLength(1);
  });
});

describe('replayed Twilio requests', () => {
  const alarmStatus = async (id: number) =>
    (await query<{ status: string }>(fx.server.database.db, sql`select status from alarms where id = ${id}`))[0]
      ?.status;

  it('refuses an SMS reply seen before: a captured "ACK" does not acknowledge a later alarm', async () => {
    clock.now = new Date();
    await rules([{ method: { contact_method_id: smsId }, delay_minutes: 0 }]);
    const first = await raise();
    await deliverPages(fx.deps);
    const ack = { MessageSid: newSid('SM'), From: SMS, To: TEST_TWILIO.TWILIO_FROM, Body: 'ACK' };
    const answered = await fromTwilio('/api/twilio/sms', ack);
    expect(answered.body).toContain(`Alarm #${first.ref} acknowledged.`);
    expect(await alarmStatus(first.id)).toBe('acknowledged');

    const later = await raise();
    await deliverPages(fx.deps);
    // The very request again, validly signed: refused, the later alarm untouched.
    const replay = await fromTwilio('/api/twilio/sms', ack);
    expect(replay.statusCode).toBe(403);
    expect(await alarmStatus(later.id)).toBe('active');
    // A request without a MessageSid is not one Twilio sends.
    const { MessageSid: _, ...unnamed } = ack;
    expect((await signedByTwilio('/api/twilio/sms', unnamed)).statusCode).toBe(403);
    expect(await alarmStatus(later.id)).toBe('active');
    // The technician's own new reply is a new message.
    const fresh = await fromTwilio('/api/twilio/sms', { ...ack, MessageSid: newSid('SM') });
    expect(fresh.body).toContain(`Alarm #${later.ref} acknowledged.`);

    // A reply Twilio received ten minutes ago, never posted here before: too old, refused.
    const third = await raise();
    await deliverPages(fx.deps);
    const old = newSid('SM');
    tw.receive(old, new Date(clock.now.getTime() - 10 * 60_000));
    expect((await fromTwilio('/api/twilio/sms', { ...ack, MessageSid: old })).statusCode).toBe(403);
    // Nor one Twilio never received (a forged SID under a leaked signature key).
    const unknown = newSid('SM');
    const forged = { ...ack, MessageSid: unknown };
    expect((await signedByTwilio('/api/twilio/sms', forged)).statusCode).toBe(403);
    expect(await alarmStatus(third.id)).toBe('active');
  });

  it('refuses a call’s request seen before; each prompt of the call answers to its own address', async () => {
    clock.now = new Date();
    await rules([{ method: { contact_method_id: voiceId }, delay_minutes: 0 }]);
    const alarm = await raise();
    await deliverPages(fx.deps);
    const [page] = await pagesOf(alarm.id);
    const path = `/api/twilio/voice/${page?.id}`;
    const call = { CallSid: page?.provider_id ?? '', From: TEST_TWILIO.TWILIO_FROM, To: VOICE };
    const answered = await fromTwilio(path, call);
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain(`action="${PUBLIC_URL}${path}?round=1"`);
    expect((await fromTwilio(path, call)).statusCode).toBe(403);
    // A wrong key at the first prompt, and the same wrong key at the next one: both answered.
    const wrong = await fromTwilio(`${path}?round=1`, { ...call, Digits: '2' });
    expect(wrong.body).toContain(`action="${PUBLIC_URL}${path}?round=2"`);
    expect((await fromTwilio(`${path}?round=2`, { ...call, Digits: '2' })).statusCode).toBe(200);
    expect((await fromTwilio(`${path}?round=1`, { ...call, Digits: '2' })).statusCode).toBe(403);
    const pressed = await fromTwilio(`${path}?round=3`, { ...call, Digits: '1' });
    expect(pressed.body).toContain('Acknowledged.');
    expect((await fromTwilio(`${path}?round=3`, { ...call, Digits: '1' })).statusCode).toBe(403);
    // A forged round is not signed.
    expect((await fromTwilio(`${path}?round=4`, { ...call, Digits: '1' }, 'forged')).statusCode).toBe(403);
  });

  it('takes each status of a message once: the same status replayed changes nothing', async () => {
    clock.now = new Date();
    await rules([{ method: { contact_method_id: smsId }, delay_minutes: 0 }]);
    const alarm = await raise();
    await deliverPages(fx.deps);
    const sid = (await pagesOf(alarm.id))[0]?.provider_id ?? '';
    const status = (s: string) => ({ MessageSid: sid, MessageStatus: s, AccountSid: TEST_TWILIO.TWILIO_ACCOUNT_SID });
    expect((await fromTwilio('/api/twilio/status', status('undelivered'))).statusCode).toBe(204);
    expect((await pagesOf(alarm.id))[0]?.status).toBe('failed');
    await fx.server.database.db.execute(sql`update alarm_pages set status = 'sent' where provider_id = ${sid}`);
    expect((await fromTwilio('/api/twilio/status', status('undelivered'))).statusCode).toBe(204);
    expect((await pagesOf(alarm.id))[0]?.status).toBe('sent');
  });

  it('forgets a call’s and a status’s requests after two days, an SMS reply’s after a year', async () => {
    const db = fx.server.database.db;
    const twilioRepo = createTwilioRepo(db);
    const now = new Date('2026-06-01T00:00:00Z');
    const at = (days: number) => new Date(now.getTime() - days * 24 * 3_600_000);
    for (const [key, when] of [
      ['sms:SMold', at(367)],
      ['sms:SMkept', at(300)],
      ['voice:1:CAold:0:', at(3)],
      ['status:SMx:sent', at(1)],
    ] as const)
      await twilioRepo.firstTwilioRequest(key, when);
    await twilioRepo.purgeTwilioRequests(now);
    const kept = await query<{ key: string }>(
      db,
      sql`select key from twilio_requests where key = any(array['sms:SMold', 'sms:SMkept', 'voice:1:CAold:0:', 'status:SMx:sent']) order by key`,
    );
    expect(kept.map((r) => r.key)).toEqual(['sms:SMkept', 'status:SMx:sent']);
  });
});
