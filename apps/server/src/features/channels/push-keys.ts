import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { VapidKeysRepo } from './vapid-keys-repo.ts';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export type VapidSettings = Pick<
  Config,
  'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUBLIC_URL' | 'PORT' | 'EMAIL_FROM'
>;

/**
 * Who push services may contact about our pushes: VAPID_SUBJECT, else the console's https address,
 * else a mailto: of the email sender (push services want an https: or mailto: URL).
 */
export function vapidSubjectOf(config: VapidSettings): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.PUBLIC_URL?.startsWith('https://')) return config.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(config.EMAIL_FROM)?.[1] ?? config.EMAIL_FROM;
  return `mailto:${address.trim()}`;
}

/**
 * The VAPID keys pushes are signed with: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else a pair
 * generated once (`web-push`) and kept in the database (`app_meta`), so restarts and other instances sign with
 * the same keys and browsers' subscriptions stay valid. Read once per instance.
 */
export function createVapidKeys(deps: { repo: VapidKeysRepo; config: VapidSettings }): () => Promise<VapidKeys> {
  const { config } = deps;
  const subject = vapidSubjectOf(config);
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY))
    throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then generated).');
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    const keys = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
    return () => Promise.resolve(keys);
  }
  let loaded: Promise<VapidKeys> | null = null;
  const load = async (): Promise<VapidKeys> => {
    const fresh = webpush.generateVAPIDKeys();
    // Two instances starting together keep the first pair written.
    const stored = await deps.repo.keepFirst(JSON.stringify(fresh));
    if (!stored) throw new Error('the VAPID keys could not be stored');
    const kept = JSON.parse(stored) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  };
  return () => {
    loaded ??= load().catch((err: unknown) => {
      loaded = null;
      throw err;
    });
    return loaded;
  };
}
