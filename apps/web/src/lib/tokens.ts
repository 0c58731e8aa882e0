import { getItem, removeItem, STORAGE_KEYS, setItem } from './storage.ts';

/**
 * The default token and, while impersonating, the administrator's own token kept aside
 * (docs/requirements.md §4: impersonate stores the current token as the impersonation token).
 */
export const tokens = {
  current: () => getItem(STORAGE_KEYS.token),
  staySignedIn: () => getItem(STORAGE_KEYS.staySignedIn) === 'true',
  store(token: string) {
    setItem(STORAGE_KEYS.token, token, { session: !tokens.staySignedIn() });
  },
  begin(token: string, staySignedIn: boolean) {
    setItem(STORAGE_KEYS.staySignedIn, String(staySignedIn));
    setItem(STORAGE_KEYS.remember, String(staySignedIn));
    tokens.store(token);
  },
  startImpersonation(adminToken: string) {
    setItem(STORAGE_KEYS.impersonationToken, adminToken, { session: !tokens.staySignedIn() });
  },
  /** Returns the administrator's token and forgets it. */
  endImpersonation(): string | null {
    const admin = getItem(STORAGE_KEYS.impersonationToken);
    removeItem(STORAGE_KEYS.impersonationToken);
    return admin;
  },
  /** Logout or any 401: both tokens and the stay-signed-in flag go. */
  clear() {
    removeItem(STORAGE_KEYS.token);
    removeItem(STORAGE_KEYS.impersonationToken);
    removeItem(STORAGE_KEYS.staySignedIn);
  },
};
