import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { query } from '../../lib/sql.ts';
import { login } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { PUBLIC_URL } from '../../test/notifications.ts';
import {
  clock,
  fromTwilio,
  fx,
  pagesOf,
  raise,
  rules,
  SMS,
  smsId,
  techId,
  tw,
  usePagingServer,
  VOICE,
  voiceId,
} from '../../test/paging-channels.ts';
import { TEST_TWILIO } from '../../test/twilio.ts';
import { processOutbox } from '../notifications/alarm-outbox.ts';
import { deliverPages } from './deliver.ts';
import { createDeliverRepo } from './deliver-repo.ts';

usePagingServer();

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
