import type { PushPayload } from '@rcm/shared/channels';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isPublicUrl, postGuarded } from '../../lib/public-address.ts';
import { createVapidKeys, type VapidKeys, type VapidSettings } from './push-keys.ts';
import type { PushSubscriptionRow } from './push-repo.ts';
import { createVapidKeysRepo } from './vapid-keys-repo.ts';

/** How long a push service keeps a push for a device that is offline: an alarm an hour old is stale. */
const PUSH_TTL_SECONDS = 60 * 60;

export type PushSender = {
  keys: () => Promise<VapidKeys>;
  /** WEBHOOK_ALLOW_PRIVATE: endpoints on loopback and private addresses are allowed (tests, closed networks). */
  allowPrivate: boolean;
};

/** The push sender of this configuration (VAPID keys from it or kept in the database). */
export function pushSenderOf(deps: {
  db: Db;
  config: VapidSettings & Pick<Config, 'WEBHOOK_ALLOW_PRIVATE'>;
}): PushSender {
  return {
    keys: createVapidKeys({ repo: createVapidKeysRepo(deps.db), config: deps.config }),
    allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE === true,
  };
}

export type PushOutcome = { ok: true } | { ok: false; gone: boolean; detail: string };

/** Whether a push endpoint may be called: https and public, unless private addresses are allowed. */
export async function endpointAllowed(endpoint: string, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return /^https?:\/\//.test(endpoint);
  return endpoint.startsWith('https://') && (await isPublicUrl(endpoint));
}

/**
 * One push to one subscription. `web-push` signs it (VAPID, RFC 8292) and encrypts the payload
 * (aes128gcm, RFC 8291); it is sent by `postGuarded` rather than the library's own sender, which
 * speaks only https through its own agent: this way the endpoint is checked right before the request
 * and the connection goes only to a public address the check resolved (DNS rebinding), redirects
 * are not followed, and a test's local push service can be plain http.
 */
export async function sendPush(
  sender: PushSender,
  subscription: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>,
  payload: PushPayload,
): Promise<PushOutcome> {
  if (!(await endpointAllowed(subscription.endpoint, sender.allowPrivate)))
    return { ok: false, gone: false, detail: 'The push endpoint points at a private or local address.' };
  const keys = await sender.keys();
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: keys,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      // A later push of the same alarm replaces one still waiting at the push service.
      topic: `alarm-${payload.ref}`,
      contentEncoding: 'aes128gcm',
    },
  );
  let res: { status: number };
  try {
    res = await postGuarded(request.endpoint, {
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      timeoutMs: 15_000,
      allowPrivate: sender.allowPrivate,
    });
  } catch (err) {
    return { ok: false, gone: false, detail: `The push service did not answer: ${(err as Error).message}` };
  }
  if (res.status >= 200 && res.status < 300) return { ok: true };
  const gone = res.status === 404 || res.status === 410;
  return { ok: false, gone, detail: `The push service answered ${res.status}.` };
}
