import { randomInt } from 'node:crypto';
import {
  type ChannelAvailability,
  type ContactMethod,
  type ContactMethodBody,
  DEFAULT_NOTIFICATION_RULES,
  type NotificationRule,
  type NotificationRuleView,
} from '@rcm/shared/channels';
import { normalizeLocale } from '@rcm/shared/locale';
import { AppError, inUse, notFound } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import type { AuthContext } from '../auth/service.ts';
import { hashToken } from '../auth/tokens.ts';
import type { AccountChannelsRepo } from './account-repo.ts';
import { presentMethod } from './account-repo.ts';
import { channelCopy } from './alarm-text.ts';
import type { TwilioClient } from './twilio.ts';
import type { VerificationGuard } from './verification-guard.ts';

/** A verification code works this long, for this many tries. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;

const fieldError = (field: string, key: FieldMessageKey) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

/** The code's hash, bound to its method (the same digits on another method hash differently). */
const codeHash = (methodKey: string, code: string) => hashToken(`${methodKey}:${code}`);

/**
 * The caller's own channels: what the installation can page by, contact methods (numbers verified by
 * a 6-digit code sent by SMS or read out in a call) and notification rules.
 */
export function createAccountChannels(deps: {
  repo: AccountChannelsRepo;
  twilio: TwilioClient | null;
  /** Who may be sent a code, where, and how many a day (toll fraud). */
  guard: VerificationGuard;
  push: boolean;
  now: () => Date;
}) {
  const { repo, twilio, now } = deps;

  /** Sends a new code to the number (SMS, or a call that reads it out); throws what Twilio answered. */
  async function sendCode(ctx: AuthContext, m: { type: 'sms' | 'voice'; address: string }, code: string) {
    if (!twilio) throw fieldError('type', 'channel_unavailable');
    const copy = channelCopy(normalizeLocale(ctx.user.language));
    const spaced = code.split('').join(' ');
    if (m.type === 'sms') await twilio.sms(m.address, copy.code(code));
    else await twilio.call(m.address, { twiml: sayTwiml(copy.spokenCode(spaced), ctx.user.language) });
  }

  const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

  return {
    availability(): ChannelAvailability {
      return { email: true, push: deps.push, sms: twilio !== null, voice: twilio !== null };
    },

    async methods(ctx: AuthContext): Promise<ContactMethod[]> {
      return (await repo.methods(ctx.user.id)).map(presentMethod);
    },

    /**
     * A new number gets a code; it pages once verified. 422 when Twilio is not set up, the number's
     * country is not the organization's or the code cannot be sent; 403 `not_pageable` for someone
     * who is never paged; 429 past the daily limits (verification-guard.ts).
     */
    async addMethod(ctx: AuthContext, body: ContactMethodBody & { address: string }): Promise<ContactMethod> {
      if (!twilio) throw fieldError('type', 'channel_unavailable');
      if (await repo.hasMethod(ctx.user.id, body.type, body.address))
        throw fieldError('address', 'contact_method_taken');
      await deps.guard.admit(ctx, body);
      const code = newCode();
      const key = `${ctx.user.id}:${body.type}:${body.address}`;
      const row = await repo.addMethod({
        userId: ctx.user.id,
        type: body.type,
        address: body.address,
        codeHash: codeHash(key, code),
        codeExpiresAt: new Date(now().getTime() + CODE_TTL_MS),
        at: now(),
      });
      if (!row) throw fieldError('address', 'contact_method_taken');
      try {
        await sendCode(ctx, body, code);
      } catch {
        await repo.removeMethod(ctx.user.id, row.id);
        throw fieldError('address', 'code_not_sent');
      }
      return presentMethod(row);
    },

    async resendCode(ctx: AuthContext, id: number): Promise<ContactMethod> {
      const m = await repo.method(ctx.user.id, id);
      if (!m) throw notFound();
      if (m.verifiedAt) throw new AppError(409, 'conflict');
      if (!twilio) throw fieldError('type', 'channel_unavailable');
      await deps.guard.admit(ctx, m);
      const code = newCode();
      const expires = new Date(now().getTime() + CODE_TTL_MS);
      try {
        await sendCode(ctx, m, code);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw fieldError('address', 'code_not_sent');
      }
      await repo.newCode(m.id, codeHash(`${ctx.user.id}:${m.type}:${m.address}`, code), expires);
      return presentMethod({ ...m, codeExpiresAt: expires, codeAttempts: 0 });
    },

    /** 422 `code_wrong`/`code_expired`/`code_spent` (5 tries); 409 when already verified. */
    async verify(ctx: AuthContext, id: number, code: string): Promise<ContactMethod> {
      const m = await repo.method(ctx.user.id, id);
      if (!m) throw notFound();
      if (m.verifiedAt) throw new AppError(409, 'conflict');
      if (!m.codeHash || m.codeAttempts >= CODE_TRIES) throw fieldError('code', 'code_spent');
      if (!m.codeExpiresAt || m.codeExpiresAt <= now()) throw fieldError('code', 'code_expired');
      if (codeHash(`${ctx.user.id}:${m.type}:${m.address}`, code) !== m.codeHash) {
        const attempts = await repo.wrongCode(m.id);
        throw fieldError('code', attempts >= CODE_TRIES ? 'code_spent' : 'code_wrong');
      }
      const row = await repo.verified(m.id, now());
      if (!row) throw notFound();
      return presentMethod(row);
    },

    /** 409 `in_use` while a notification rule pages the number. */
    async removeMethod(ctx: AuthContext, id: number): Promise<void> {
      const m = await repo.method(ctx.user.id, id);
      if (!m) throw notFound();
      const rules = await repo.rulesUsing(m.id);
      if (rules > 0) throw inUse([{ key: 'contact_method_rules', count: rules }]);
      await repo.removeMethod(ctx.user.id, m.id);
    },

    async rules(ctx: AuthContext): Promise<NotificationRuleView[]> {
      const saved = await repo.rules(ctx.user.id);
      if (saved.length === 0) return DEFAULT_NOTIFICATION_RULES.map((r) => ({ ...r, contact_method: null }));
      const methods = new Map((await repo.methods(ctx.user.id)).map((m) => [m.id, presentMethod(m)]));
      return saved.map((r) => ({
        method: r.method === 'contact' ? { contact_method_id: Number(r.contactMethodId) } : r.method,
        delay_minutes: r.delayMinutes,
        contact_method: r.contactMethodId === null ? null : (methods.get(r.contactMethodId) ?? null),
      }));
    },

    /** Replaces the caller's rules; a number must be their own, the same method and delay only once. */
    async saveRules(ctx: AuthContext, rules: NotificationRule[]): Promise<NotificationRuleView[]> {
      const own = new Set((await repo.methods(ctx.user.id)).map((m) => m.id));
      const seen = new Set<string>();
      const fields: { field: string; key: FieldMessageKey }[] = [];
      rules.forEach((r, i) => {
        if (typeof r.method !== 'string' && !own.has(r.method.contact_method_id))
          fields.push({ field: `${i}.method`, key: 'contact_method_unknown' });
        const key = `${typeof r.method === 'string' ? r.method : r.method.contact_method_id}@${r.delay_minutes}`;
        if (seen.has(key)) fields.push({ field: `${i}.delay_minutes`, key: 'rule_duplicate' });
        seen.add(key);
      });
      if (fields.length > 0) throw new AppError(422, 'validation_failed', { fields });
      await repo.saveRules(ctx.user.id, rules);
      return this.rules(ctx);
    },
  };
}

export type AccountChannels = ReturnType<typeof createAccountChannels>;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** TwiML that says `text` in the person's language. */
export function sayTwiml(text: string, language: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say language="${normalizeLocale(language)}">${escapeXml(text)}</Say></Response>`;
}
