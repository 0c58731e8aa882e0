import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Mandrill's webhook signature: base64 HMAC-SHA1, keyed by the webhook key, of the webhook URL
 * followed by each POST parameter's key and value, keys sorted.
 */
export function mandrillSignature(key: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const k of Object.keys(params).sort()) data += k + params[k];
  return createHmac('sha1', key).update(data, 'utf8').digest('base64');
}

export function verifyMandrillSignature(
  key: string | undefined,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!key || !signature) return false;
  const expected = Buffer.from(mandrillSignature(key, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Mandrill event → the email_messages column it stamps (spec section 3's notification columns). */
export const MANDRILL_EVENT_COLUMNS = {
  send: 'sent_at',
  delivered: 'delivered_at',
  open: 'opened_at',
  click: 'clicked_at',
  reject: 'rejected_at',
  spam: 'spam_at',
  soft_bounce: 'soft_bounced_at',
  hard_bounce: 'bounced_at',
} as const;

export type MandrillEventName = keyof typeof MANDRILL_EVENT_COLUMNS;

export type MandrillEvent = { event: MandrillEventName; id: string | null; emailId: number | null; at: Date };

/** The events we record out of a `mandrill_events` payload; other kinds (deferral, sync...) are skipped. */
export function parseMandrillEvents(raw: string, now: Date): MandrillEvent[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const out: MandrillEvent[] = [];
  for (const e of parsed) {
    if (!e || typeof e !== 'object') continue;
    const ev = e as { event?: unknown; _id?: unknown; ts?: unknown; msg?: { _id?: unknown; metadata?: unknown } };
    if (typeof ev.event !== 'string' || !(ev.event in MANDRILL_EVENT_COLUMNS)) continue;
    const id = typeof ev._id === 'string' ? ev._id : typeof ev.msg?._id === 'string' ? ev.msg._id : null;
    const meta = ev.msg?.metadata as { email_id?: unknown } | undefined;
    const emailId = meta && /^\d{1,9}$/.test(String(meta.email_id ?? '')) ? Number(meta.email_id) : null;
    const ts = typeof ev.ts === 'number' && Number.isFinite(ev.ts) ? new Date(ev.ts * 1000) : now;
    if (id === null && emailId === null) continue;
    out.push({ event: ev.event as MandrillEventName, id, emailId, at: Number.isNaN(ts.getTime()) ? now : ts });
  }
  return out;
}
