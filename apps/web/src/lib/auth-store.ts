import type { AuthUser } from '@rcm/shared/auth';
import type { EnrollmentDone, FactorKind, LoginAnswer, MfaMethod } from '@rcm/shared/mfa';
import { useSyncExternalStore } from 'react';
import { ApiError, api, dropEarly, forgetReads, setUnauthorizedHandler } from './api-client.ts';
import { assertPasskey } from './passkeys.ts';
import { connectRealtime, disconnectRealtime, onRealtime } from './realtime.ts';
import { getItem, removeItem, STORAGE_KEYS, setItem } from './storage.ts';
import { tokens } from './tokens.ts';

/** Auth state of docs/requirements.md §4: `authenticated` is null until known, `loaded` once a fetch ends. */
export type AuthState = {
  authenticated: boolean | null;
  loaded: boolean;
  user: AuthUser | null;
};

export const REFRESH_INTERVAL_MS = 30 * 60 * 1000;

let state: AuthState = { authenticated: null, loaded: false, user: null };
const listeners = new Set<() => void>();
const userListeners = new Set<(user: AuthUser | null) => void>();
let refreshTimer: ReturnType<typeof setInterval> | undefined;

function setState(next: Partial<AuthState>): void {
  const prevUser = state.user;
  state = { ...state, ...next };
  for (const l of listeners) l();
  if (state.user !== prevUser) for (const l of userListeners) l(state.user);
}

export const authStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Called with the user whenever it changes (the locale follows the user's language). */
  onUser(listener: (user: AuthUser | null) => void) {
    userListeners.add(listener);
    return () => userListeners.delete(listener);
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

function signedIn(user: AuthUser): void {
  setState({ authenticated: true, loaded: true, user });
  const token = tokens.current();
  if (token) connectRealtime(token);
  clearInterval(refreshTimer);
  refreshTimer = setInterval(() => void refresh(), REFRESH_INTERVAL_MS);
}

/** Clears everything client-side (logout or any 401). */
export function clearSession(): void {
  clearInterval(refreshTimer);
  dropEarly();
  forgetReads();
  tokens.clear();
  disconnectRealtime();
  setState({ authenticated: false, loaded: true, user: null });
}

const RETRY_MAX_MS = 5000;

export async function fetchUser(attempt = 0): Promise<void> {
  // A signed-in user with a missing token is logged out.
  if (!tokens.current()) {
    clearSession();
    return;
  }
  try {
    const res = await api<{ data: AuthUser }>('auth/user');
    signedIn(res.data);
  } catch (err) {
    // Only a 401 ends the session (the unauthorized handler has done it). A network error, a request
    // cut short by leaving the page, or a server restarting keeps the token and asks again: clearing
    // it here signed people out whenever they navigated while the user was loading.
    if (err instanceof ApiError && err.status === 401) return;
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) {
      clearSession();
      return;
    }
    setTimeout(() => void fetchUser(attempt + 1), Math.min(1000 * 2 ** attempt, RETRY_MAX_MS));
  }
}

export async function refresh(): Promise<void> {
  if (!tokens.current()) return clearSession();
  const res = await api<{ data: AuthUser }>('auth/refresh').catch(() => null);
  if (res) setState({ user: res.data });
}

/** Where a sign-in stands after the password: signed in, or a second step the person owes. */
export type LoginResult =
  | { kind: 'signed-in'; user: AuthUser }
  | { kind: 'mfa'; token: string; methods: MfaMethod[] }
  | { kind: 'enroll'; token: string; allowedMethods: FactorKind[] };

export async function login(input: { email: string; password: string; staySignedIn: boolean }): Promise<LoginResult> {
  tokens.clear();
  setItem(STORAGE_KEYS.staySignedIn, String(input.staySignedIn));
  setItem(STORAGE_KEYS.remember, String(input.staySignedIn));
  try {
    const res = await api<LoginAnswer>('auth/login', {
      method: 'POST',
      body: { email: input.email, password: input.password, remember: input.staySignedIn },
    });
    const data = res.data;
    if ('mfa_required' in data) return { kind: 'mfa', token: data.mfa_token, methods: data.methods };
    if ('mfa_enrollment_required' in data)
      return { kind: 'enroll', token: data.enrollment_token, allowedMethods: data.allowed_methods };
    signedIn(data);
    return { kind: 'signed-in', user: data };
  } catch (err) {
    setState({ authenticated: false, loaded: true, user: null });
    throw err;
  }
}

/**
 * The sign-in's second step for the `mfa_token` the password answered: a TOTP or recovery code, or
 * (method `webauthn`) a passkey's assertion of the challenge asked for that token.
 */
export async function loginWithFactor(
  input: { mfaToken: string } & ({ method: 'totp' | 'recovery_code'; code: string } | { method: 'webauthn' }),
): Promise<AuthUser> {
  const proof =
    input.method === 'webauthn'
      ? { response: await assertPasskey(await passkeyOptions({ mfa_token: input.mfaToken })) }
      : { code: input.code };
  const res = await api<{ data: AuthUser }>('auth/login/mfa', {
    method: 'POST',
    body: { mfa_token: input.mfaToken, method: input.method, ...proof },
  });
  signedIn(res.data);
  return res.data;
}

/** The options of a passkey's assertion at sign-in: any discoverable passkey, or the person's of an `mfa_token`. */
const passkeyOptions = (body: { mfa_token?: string }) =>
  api<{ data: Record<string, unknown> }>('auth/passkey/options', { method: 'POST', body }).then((r) => r.data);

/**
 * Passwordless sign-in: the browser offers the passkeys it holds for this console, the one chosen
 * opens an ordinary session (not "stay signed in", like single sign-on).
 */
export async function loginWithPasskey(): Promise<AuthUser> {
  tokens.clear();
  const response = await assertPasskey(await passkeyOptions({}));
  setItem(STORAGE_KEYS.staySignedIn, 'false');
  setItem(STORAGE_KEYS.remember, 'false');
  try {
    const res = await api<{ data: AuthUser }>('auth/passkey', { method: 'POST', body: { response } });
    signedIn(res.data);
    return res.data;
  } catch (err) {
    setState({ authenticated: false, loaded: true, user: null });
    throw err;
  }
}

/**
 * Enrollment at sign-in: the new factor (the first code of an authenticator app, or a new passkey's
 * attestation) signs in; the recovery codes, to show once.
 */
export async function loginEnrolled(
  input: { enrollmentToken: string } & (
    | { factorId: number; code: string }
    | { response: Record<string, unknown>; label: string }
  ),
) {
  const [path, proof] =
    'code' in input
      ? ['totp/verify', { factor_id: input.factorId, code: input.code }]
      : ['webauthn', { response: input.response, label: input.label }];
  const res = await api<EnrollmentDone>(`auth/login/enroll/${path}`, {
    method: 'POST',
    body: { enrollment_token: input.enrollmentToken, ...proof },
  });
  return { user: res.data, recoveryCodes: res.recovery_codes, finish: () => signedIn(res.data) };
}

/**
 * Completes a single sign-on: the server exchanges the provider's outcome (a single-use HttpOnly
 * cookie the callback set) for an ordinary session.
 */
export async function completeSso(): Promise<AuthUser> {
  tokens.clear();
  setItem(STORAGE_KEYS.staySignedIn, 'false');
  setItem(STORAGE_KEYS.remember, 'false');
  try {
    const res = await api<{ data: AuthUser }>('auth/sso/complete', { method: 'POST' });
    signedIn(res.data);
    return res.data;
  } catch (err) {
    setState({ authenticated: false, loaded: true, user: null });
    throw err;
  }
}

export async function logout(): Promise<void> {
  if (tokens.current()) await api('auth/logout', { method: 'POST' }).catch(() => null);
  clearSession();
}

/**
 * Signs in as another user. `reason` goes with the request (required where their organization admits
 * others only with a support grant); `beforeSwitch` runs once the server agreed, before the identity
 * changes (leaving a page the other user may not see).
 */
export async function impersonate(
  userId: number,
  options: { reason?: string; beforeSwitch?: () => Promise<void> } = {},
): Promise<void> {
  const adminToken = tokens.current();
  if (!adminToken) return clearSession();
  tokens.startImpersonation(adminToken);
  try {
    const res = await api<{ data: AuthUser }>('auth/impersonate', {
      method: 'POST',
      body: { user_id: userId, ...(options.reason ? { reason: options.reason } : {}) },
    });
    await options.beforeSwitch?.();
    disconnectRealtime();
    signedIn(res.data);
  } catch (err) {
    tokens.endImpersonation();
    tokens.store(adminToken);
    throw err;
  }
}

export async function unimpersonate(): Promise<void> {
  // Swap back before the server revokes the impersonated session, so no request still in flight
  // with that token can 401 and clear the administrator's session.
  const impersonatedToken = tokens.current() ?? undefined;
  const adminToken = tokens.endImpersonation();
  if (!adminToken) return clearSession();
  tokens.store(adminToken);
  await api('auth/unimpersonate', { method: 'POST', token: impersonatedToken }).catch(() => null);
  disconnectRealtime();
  await fetchUser();
}

/** Resolves once the auth state is known (docs/requirements.md: readiness polled every 50 ms). */
export function whenAuthReady(): Promise<AuthState> {
  return new Promise((resolve) => {
    if (state.loaded) return resolve(state);
    const stop = authStore.subscribe(() => {
      if (!state.loaded) return;
      stop();
      resolve(state);
    });
  });
}

export function initAuth(): void {
  setUnauthorizedHandler(() => {
    const wasSignedIn = state.authenticated;
    clearSession();
    if (wasSignedIn) window.dispatchEvent(new CustomEvent('rcm:unauthorized'));
  });
  // Settings changed this user's role or account: refetch the user (permissions hide sections at once)
  // and reconnect so the socket's rooms follow the new permissions.
  onRealtime('auth.changed', () => {
    disconnectRealtime();
    void fetchUser();
  });
  if (getItem(STORAGE_KEYS.token)) void fetchUser();
  else {
    removeItem(STORAGE_KEYS.impersonationToken);
    setState({ authenticated: false, loaded: true });
  }
}
