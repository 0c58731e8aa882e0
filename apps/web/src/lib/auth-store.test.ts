import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, initAuth } from './auth-store.ts';
import { tokens } from './tokens.ts';

/** Only a 401 ends a session; anything else keeps the token and asks again (auth-store.ts). */
describe('loading the signed-in user', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the token through a network failure, asks again, and signs out only on a 401', async () => {
    tokens.store('stored-token');
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'Sign in' } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
      );
    vi.stubGlobal('fetch', fetchMock);

    initAuth();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(tokens.current()).toBe('stored-token');
    expect(authStore.get().authenticated).toBeNull();

    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(tokens.current()).toBeNull();
    expect(authStore.get()).toMatchObject({ authenticated: false, loaded: true, user: null });
  });
});
