/**
 * Client storage of docs/requirements.md §3 and §9: browser storage first, then a cookie (14 days,
 * path /, secure, SameSite None) where storage is unavailable.
 */
export const STORAGE_KEYS = {
  token: 'auth_token_default',
  impersonationToken: 'auth_token_impersonate',
  remember: 'auth_remember',
  staySignedIn: 'auth_stay_signed_in',
  locale: 'locale',
  theme: 'theme',
} as const;

const COOKIE_MAX_AGE_S = 14 * 24 * 60 * 60;

function browserStores(): Storage[] {
  const stores: Storage[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      const store = window[name];
      const probe = '__rcm_probe__';
      store.setItem(probe, '1');
      store.removeItem(probe);
      stores.push(store);
    } catch {
      // Storage disabled (privacy mode, embedded webview): fall through to the cookie.
    }
  }
  return stores;
}

/**
 * `document.cookie` as read once per task: each read asks the browser's cookie store, and a page's
 * start or a burst of requests reads several keys in a row (a key missing from browser storage falls
 * back to the cookie). Forgotten at the end of the task, and at once when this module writes one.
 */
let jar: string | null = null;
function cookieJar(): string {
  if (jar === null) {
    jar = document.cookie;
    queueMicrotask(() => {
      jar = null;
    });
  }
  return jar;
}

export function readCookie(key: string): string | null {
  const prefix = `${encodeURIComponent(key)}=`;
  for (const part of cookieJar().split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

export function writeCookie(key: string, value: string | null): void {
  jar = null;
  const name = encodeURIComponent(key);
  if (value === null) {
    document.cookie = `${name}=; Max-Age=0; Path=/; Secure; SameSite=None`;
    return;
  }
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE_S}; Path=/; Secure; SameSite=None`;
}

/** Reads need no write probe (the API client reads the token and the language on every request). */
export function getItem(key: string): string | null {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      const value = window[name].getItem(key);
      if (value !== null) return value;
    } catch {
      // Storage disabled: the cookie below.
    }
  }
  return readCookie(key);
}

/** `session: true` keeps the value only for this browser session (not "stay signed in"). */
export function setItem(key: string, value: string, opts: { session?: boolean } = {}): void {
  const stores = browserStores();
  const [local, session] = stores;
  const target = opts.session ? (session ?? local) : local;
  if (target) {
    for (const store of stores) if (store !== target) store.removeItem(key);
    target.setItem(key, value);
    return;
  }
  writeCookie(key, value);
}

export function removeItem(key: string): void {
  for (const store of browserStores()) store.removeItem(key);
  if (readCookie(key) !== null) writeCookie(key, null);
}
