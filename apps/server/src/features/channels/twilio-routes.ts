import type { Locale } from '@rcm/shared/locale';
import { normalizeLocale } from '@rcm/shared/locale';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PageStatus } from '../../db/schema-oncall.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../lib/errors.ts';
import type { Acknowledger } from '../alarms/lifecycle/acknowledge.ts';
import type { AuthService } from '../auth/service.ts';
import { refOf } from './alarm-emails.ts';
import type { AlarmMessageRepo } from './alarm-message-repo.ts';
import { channelCopy, voiceText } from './alarm-text.ts';
import { twilioStatusUrl, twilioVoiceUrl } from './deliver.ts';
import type { DeliverRepo } from './deliver-repo.ts';
import { type TwilioClient, validTwilioRequest } from './twilio.ts';
import type { TwilioRepo } from './twilio-repo.ts';

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
const twiml = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`;
const say = (text: string, locale: Locale) => `<Say language="${locale}">${escapeXml(text)}</Say>`;

/** "ACK" or "ACK 1234" (a # and any case allowed); null: something else. */
export function parseAckReply(body: string): { ref: number | null } | null {
  const m = /^\s*ack(?:\s+#?(\d{1,10}))?\s*[.!]?\s*$/i.exec(body);
  if (!m) return null;
  return { ref: m[1] ? Number(m[1]) : null };
}

/** An SMS reply older than this when it reaches the console is refused (a replay). */
const REPLY_MAX_AGE_MS = 5 * 60_000;

/** Twilio's message and call statuses, as a page's. */
const STATUS: Record<string, PageStatus> = {
  queued: 'sent',
  accepted: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  ringing: 'sent',
  initiated: 'sent',
  'in-progress': 'delivered',
  completed: 'delivered',
  busy: 'failed',
  'no-answer': 'failed',
  canceled: 'failed',
};

/**
 * What Twilio posts (form-encoded, signed with `X-Twilio-Signature` over the URL we gave it and the
 * fields): SMS replies ("ACK", "ACK {ref}"), a call's TwiML and its "press 1", delivery statuses.
 * Anything unsigned or signed wrongly is 403 and changes nothing; without Twilio configured, all are.
 * A signed request seen before (its SID remembered in `twilio_requests`) is a replay: 403 as well.
 */
export function twilioRoutes(deps: {
  repo: TwilioRepo;
  alarms: AlarmMessageRepo;
  deliveries: DeliverRepo;
  bus: EventBus;
  auth: AuthService;
  acknowledger: Acknowledger;
  authToken: string | null;
  publicUrl: string;
  now: () => Date;
  /** Asked when an SMS reply was received: an old one replayed is refused. */
  twilio?: Pick<TwilioClient, 'messageCreatedAt'> | null;
}): FastifyPluginAsyncZod {
  const { auth, acknowledger, repo: twilioRepo, deliveries: deliverRepo } = deps;

  /** 403 for a request already answered (the same key again: a replay, or a missing SID). */
  async function once(key: string | null): Promise<void> {
    if (!key || !(await twilioRepo.firstTwilioRequest(key, deps.now()))) throw new AppError(403, 'forbidden');
  }

  /**
   * 403 for an SMS reply Twilio received more than `REPLY_MAX_AGE_MS` ago, or does not know: a
   * captured request replayed later. When Twilio cannot be asked, the remembered SIDs still hold.
   */
  async function recent(sid: string): Promise<void> {
    if (!deps.twilio) return;
    let created: Date | null;
    try {
      created = await deps.twilio.messageCreatedAt(sid);
    } catch {
      return;
    }
    if (!created || deps.now().getTime() - created.getTime() > REPLY_MAX_AGE_MS) throw new AppError(403, 'forbidden');
  }

  /** The form's fields once its signature is checked against the URL Twilio called. */
  function signed(request: { headers: Record<string, unknown>; body: unknown }, url: string): Record<string, string> {
    const params = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
    const signature = request.headers['x-twilio-signature'];
    if (
      !deps.authToken ||
      !validTwilioRequest(deps.authToken, typeof signature === 'string' ? signature : undefined, url, params)
    )
      throw new AppError(403, 'forbidden');
    return params;
  }

  /** The address a call's prompt answers to (round 0: the call's own URL, as the call was placed with). */
  const voiceUrl = (pageId: number, round: number) =>
    `${twilioVoiceUrl(deps.publicUrl, pageId)}${round > 0 ? `?round=${round}` : ''}`;

  /** Acknowledges as this person; false when they may not or the alarm is not active. */
  async function acknowledgeAs(userId: number, ref: number): Promise<boolean> {
    const actor = await auth.actorOf(userId);
    if (!actor) return false;
    try {
      await acknowledger.acknowledge(actor, ref);
      return true;
    } catch (err) {
      if (err instanceof AppError) return false;
      throw err;
    }
  }

  return async (app) => {
    await app.register(async (hooks) => {
      hooks.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 65_536 },
        (_request, body, done) => {
          const params: Record<string, string> = {};
          for (const [k, v] of new URLSearchParams(String(body))) params[k] = v;
          done(null, params);
        },
      );
      const xml = { 'content-type': 'text/xml; charset=utf-8' };

      hooks.post('/twilio/sms', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
        const params = signed(request, `${deps.publicUrl}/api/twilio/sms`);
        await once(params.MessageSid ? `sms:${params.MessageSid}` : null);
        await recent(params.MessageSid ?? '');
        const senders = await twilioRepo.smsSenders(params.From ?? '');
        const locale = normalizeLocale(senders[0]?.language);
        const copy = channelCopy(locale);
        const answer = (text: string) => reply.headers(xml).send(twiml(`<Message>${escapeXml(text)}</Message>`));
        if (senders.length === 0) return reply.headers(xml).send(twiml(''));
        const ack = parseAckReply(params.Body ?? '');
        if (!ack) return answer(copy.ackHelp);
        const page = await twilioRepo.latestActivePage(
          senders.map((s) => Number(s.user_id)),
          ack.ref,
        );
        const userId = page?.userId ?? Number(senders[0]?.user_id);
        const ref = page?.ref ?? ack.ref;
        if (ref === null) return answer(copy.ackUnknown);
        return answer((await acknowledgeAs(userId, ref)) ? copy.ackReply(ref) : copy.ackRefused(ref));
      });

      hooks.post<{ Params: { pageId: string }; Querystring: { round?: string } }>(
        '/twilio/voice/:pageId',
        { config: { public: true }, schema: { hide: true } },
        async (request, reply) => {
          const pageId = Number(request.params.pageId);
          // Each prompt's answer comes to its own address (`?round=n`): the same keys pressed at a
          // later prompt of the call are not a repeat of the earlier answer.
          const round = /^[1-9]\d{0,2}$/.test(request.query.round ?? '') ? Number(request.query.round) : 0;
          const url = voiceUrl(pageId, round);
          const params = signed(request, url);
          await once(params.CallSid ? `voice:${pageId}:${params.CallSid}:${round}:${params.Digits ?? ''}` : null);
          const page =
            Number.isSafeInteger(pageId) && pageId > 0 && pageId <= 2_147_483_647
              ? await twilioRepo.voicePage(pageId)
              : null;
          const alarm = page ? await deps.alarms.loadAlarm(page.alarmId) : null;
          if (!page || !alarm || page.userId == null) throw new AppError(404, 'not_found');
          const copy = channelCopy(page.locale);
          const send = (inner: string) => reply.headers(xml).send(twiml(inner));
          if (params.Digits === '1') {
            const done = await acknowledgeAs(page.userId, Number(alarm.ref));
            return send(say(done ? copy.acknowledged : copy.cannot, page.locale));
          }
          if (alarm.status !== 'active') return send(say(copy.cannot, page.locale));
          const person = await deliverRepo.recipientOf(page.userId);
          const text = voiceText(alarm, { locale: page.locale, timeZone: person?.timeZone ?? 'UTC' });
          const gather = `<Gather numDigits="1" timeout="8" action="${escapeXml(voiceUrl(pageId, round + 1))}" method="POST">${say(text, page.locale)}${say(copy.press, page.locale)}</Gather>`;
          return send(`${gather}${say(copy.notAcknowledged, page.locale)}`);
        },
      );

      hooks.post('/twilio/status', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
        const params = signed(request, twilioStatusUrl(deps.publicUrl));
        const sid = params.MessageSid ?? params.CallSid;
        const raw = params.MessageStatus ?? params.CallStatus ?? '';
        const status = STATUS[raw];
        // Each status of a message or call is posted once: a repeat changes nothing.
        if (sid && status && (await twilioRepo.firstTwilioRequest(`status:${sid}:${raw}`, deps.now()))) {
          const detail = params.ErrorCode
            ? `Twilio ${raw} (error ${params.ErrorCode})`
            : status === 'failed'
              ? `Twilio: ${raw}`
              : null;
          const alarmId = await deliverRepo.recordProviderStatus(sid, status, detail);
          const alarm = alarmId === null ? null : await deps.alarms.loadAlarm(alarmId);
          if (alarm) deps.bus.emit('notification.updated', refOf(alarm));
        }
        return reply.status(204).send();
      });
    });
  };
}
