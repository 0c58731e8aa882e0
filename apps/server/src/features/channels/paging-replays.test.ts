import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { PUBLIC_URL } from '../../test/notifications.ts';
import {
  clock,
  fromTwilio,
  fx,
  newSid,
  pagesOf,
  raise,
  rules,
  SMS,
  signedByTwilio,
  smsId,
  tw,
  usePagingServer,
  VOICE,
  voiceId,
} from '../../test/paging-channels.ts';
import { TEST_TWILIO } from '../../test/twilio.ts';
import { deliverPages } from './deliver.ts';
import { createTwilioRepo } from './twilio-repo.ts';

usePagingServer();

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
    const now = new Date('2026-06-01T00:00:00Z');
    const at = (days: number) => new Date(now.getTime() - days * 24 * 3_600_000);
    const twilioRepo = createTwilioRepo(db);
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
