import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiRead, dropEarly, readPath, readSentAt, sendEarly } from './api-client.ts';
import { STORAGE_KEYS } from './storage.ts';

/** A fetch that answers each call with its own JSON body and records what it was asked. */
function recordingFetch() {
  let n = 0;
  const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: string, init: { method?: string; headers: Record<string, string> }) => {
    calls.push({ url, method: init.method ?? 'GET', headers: init.headers });
    n += 1;
    return new Response(JSON.stringify({ answer: n }), { headers: { 'content-type': 'application/json' } });
  });
  return { fetch, calls };
}

describe('early requests', () => {
  let recorder: ReturnType<typeof recordingFetch>;
  beforeEach(() => {
    recorder = recordingFetch();
    vi.stubGlobal('fetch', recorder.fetch);
    localStorage.setItem(STORAGE_KEYS.token, 'token-a');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.rcmEarlyRequests = undefined;
  });

  it("answer the app's first call of their path, once, with the headers the app would send", async () => {
    sendEarly('auth/user');
    expect(recorder.calls).toEqual([
      {
        url: '/api/auth/user',
        method: 'GET',
        headers: { Accept: 'application/json', 'X-Locale': 'en-US', Authorization: 'Bearer token-a' },
      },
    ]);
    // The app's call takes the early answer: no second request.
    expect(await api('auth/user')).toEqual({ answer: 1 });
    expect(recorder.fetch).toHaveBeenCalledTimes(1);
    // Taken once: the next call asks the server.
    expect(await api('auth/user')).toEqual({ answer: 2 });
    expect(recorder.fetch).toHaveBeenCalledTimes(2);
  });

  it('are not taken by a call with other headers (another token) or another method', async () => {
    sendEarly('auth/user');
    localStorage.setItem(STORAGE_KEYS.token, 'token-b');
    expect(await api('auth/user')).toEqual({ answer: 2 });
    expect(recorder.calls[1]?.headers.Authorization).toBe('Bearer token-b');

    sendEarly('auth/user');
    expect(await api('auth/user', { method: 'POST', body: {} })).toEqual({ answer: 4 });
    expect(recorder.calls[3]?.method).toBe('POST');
  });

  it('are forgotten once the first screen no longer wants them: a later call asks the server, none is sent', async () => {
    sendEarly('alarms/floods');
    dropEarly();
    expect(sendEarly('alarms/stats')).toBeUndefined();
    expect(await api('alarms/floods')).toEqual({ answer: 2 });
    expect(recorder.calls.map((c) => c.url)).toEqual(['/api/alarms/floods', '/api/alarms/floods']);
  });

  it('tell when the read they answer was sent, not when it was taken', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_000);
      sendEarly('alarms/floods');
      vi.setSystemTime(5_000);
      await api('alarms/floods');
      expect(readSentAt('alarms/floods')).toBe(1_000);
      await api('alarms/floods');
      expect(readSentAt('alarms/floods')).toBe(5_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it("are what a read's query asks for: its path travels with it", async () => {
    const read = apiRead('alarms/floods', (body: { answer: number }) => body.answer * 10);
    expect(readPath(read)).toBe('alarms/floods');
    expect(readPath({ meta: {} })).toBeUndefined();
    sendEarly('alarms/floods');
    expect(await read.queryFn()).toBe(10);
    expect(recorder.fetch).toHaveBeenCalledTimes(1);
  });

  it('reach the caller as a network error when they failed', async () => {
    recorder.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    sendEarly('auth/user');
    await expect(api('auth/user')).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(recorder.fetch).toHaveBeenCalledTimes(1);
  });
});
