import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { useApiMutation } from './use-api-mutation.ts';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

describe('useApiMutation', () => {
  it('invalidates the queries under its keys, and only those, before onSuccess, and resolves with the answer', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(['jobs', 'list', {}], []);
    queryClient.setQueryData(['jobs', 'detail', 1], { id: 1 });
    queryClient.setQueryData(['alarms', 'list'], []);
    const seen: boolean[] = [];
    const { result } = renderHook(
      () =>
        useApiMutation({
          mutationFn: async (id: number) => ({ id, title: 'Saved' }),
          invalidates: (data) => [
            ['jobs', 'list'],
            ['jobs', 'detail', data.id],
          ],
          onSuccess: () => {
            seen.push(queryClient.getQueryState(['jobs', 'list', {}])?.isInvalidated ?? false);
          },
        }),
      { wrapper },
    );
    let answer: unknown;
    await act(async () => {
      answer = await result.current.run(1);
    });
    expect(answer).toEqual({ id: 1, title: 'Saved' });
    expect(seen).toEqual([true]);
    expect(queryClient.getQueryState(['jobs', 'detail', 1])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['alarms', 'list'])?.isInvalidated).toBe(false);
  });

  it('puts an API refusal on the form (unshown fields on top) and invalidates nothing', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(['jobs'], []);
    const setError = vi.fn();
    const refusal = new ApiError(422, 'validation_failed', 'Invalid', [
      { field: 'title', message: 'Required' },
      { field: 'location_id', message: 'Not yours' },
    ]);
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () =>
        useApiMutation<void, { title: string }, { title: string }>({
          mutationFn: () => Promise.reject(refusal),
          invalidates: [['jobs']],
          onSuccess,
          showError: { form: { setError }, shown: ['title'] },
        }),
      { wrapper },
    );
    let answer: unknown = 'unset';
    await act(async () => {
      answer = await result.current.run({ title: '' });
    });
    expect(answer).toBeUndefined();
    expect(setError.mock.calls).toEqual([
      ['title', { message: 'Required' }],
      ['root', { message: 'Not yours' }],
    ]);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(['jobs'])?.isInvalidated).toBe(false);
  });

  it('without showError, a failure reaches the caller', async () => {
    const { wrapper } = setup();
    const refusal = new ApiError(409, 'conflict', 'Already cleared');
    const { result } = renderHook(() => useApiMutation({ mutationFn: () => Promise.reject(refusal) }), { wrapper });
    await act(async () => {
      await expect(result.current.run()).rejects.toBe(refusal);
    });
  });

  it('with invalidatesOnFailure, a failure still refetches its keys before run settles', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(['alarms', 'list'], []);
    queryClient.setQueryData(['jobs'], []);
    const { result } = renderHook(
      () =>
        useApiMutation({
          mutationFn: () => Promise.reject(new ApiError(500, 'internal', 'Stopped halfway')),
          invalidates: [['alarms']],
          invalidatesOnFailure: true,
          showError: 'toast',
        }),
      { wrapper },
    );
    await act(async () => {
      expect(await result.current.run()).toBeUndefined();
    });
    expect(queryClient.getQueryState(['alarms', 'list'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['jobs'])?.isInvalidated).toBe(false);
  });
});
