import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFirstTime, queryClient } from './query-client.ts';

describe('fetchFirstTime', () => {
  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
  });

  it('asks once before the first render: a failure is not retried there, and the part asks again when it mounts', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue({ ok: true });
    let done = false;
    void fetchFirstTime({ queryKey: ['first-time', 'banner'], queryFn }).then(() => {
      done = true;
    });
    // The console's default would retry once after a second; the first render must not wait for it.
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['first-time', 'banner'])?.status).toBe('error');

    // Asked before: nothing is fetched again before a render (the part's own query does that).
    await fetchFirstTime({ queryKey: ['first-time', 'banner'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    await queryClient.fetchQuery({ queryKey: ['first-time', 'banner'], queryFn });
    expect(queryClient.getQueryData(['first-time', 'banner'])).toEqual({ ok: true });
  });
});
