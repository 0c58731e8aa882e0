import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { hashToken } from '../auth/tokens.ts';
import { CONFIGURED, KEY, type ProvisioningKeysRepo } from './keys-repo.ts';

/**
 * Another instance's rotation is seen within this long; this instance's own at once. Only unknown
 * and pending controllers sign in with the key, so the read is rare.
 */
const CACHE_MS = 2_000;

export type ProvisioningKeys = {
  /** The key a new controller announces itself with. */
  current: () => Promise<string>;
  /** A new random key; the old one is refused from now on. `alongside` writes in the same transaction (its audit entry). */
  rotate: (alongside: (tx: Tx) => Promise<void>) => Promise<string>;
};

/** 192 random bits, URL- and shell-safe (it is typed into controllers and pasted into commands). */
export function newProvisioningKey(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Every installation has a provisioning key from its first start: DEVICE_PROVISIONING_KEY (or the
 * demo's) when set, else a generated one, kept in the database so that restarts and other instances
 * use the same. A rotation survives restarts; changing the variable replaces the key once.
 */
export async function createProvisioningKeys(deps: {
  db: Db;
  repo: ProvisioningKeysRepo;
  /** The configured key (DEVICE_PROVISIONING_KEY, the demo's, or a test's); null: generate one. */
  configured: string | null;
  now: () => number;
}): Promise<ProvisioningKeys> {
  const { db, now, repo: keysRepo } = deps;
  const meta = await keysRepo.readMeta();
  if (deps.configured && meta.configured !== hashToken(deps.configured)) {
    await db.transaction(async (tx) => {
      await keysRepo.writeMeta(KEY, deps.configured as string, tx);
      await keysRepo.writeMeta(CONFIGURED, hashToken(deps.configured as string), tx);
    });
  } else if (!meta.key) {
    await keysRepo.insertMetaOnce(KEY, newProvisioningKey());
  }
  let cached = { key: (await keysRepo.readKey()) ?? '', until: now() + CACHE_MS };
  if (!cached.key) throw new Error('the provisioning key could not be stored');

  return {
    async current() {
      if (cached.until > now()) return cached.key;
      const key = await keysRepo.readKey();
      if (key) cached = { key, until: now() + CACHE_MS };
      return cached.key;
    },
    async rotate(alongside) {
      const key = newProvisioningKey();
      await db.transaction(async (tx) => {
        await keysRepo.writeMeta(KEY, key, tx);
        await alongside(tx);
      });
      cached = { key, until: now() + CACHE_MS };
      return key;
    },
  };
}
