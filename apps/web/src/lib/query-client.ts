import type { AuthUser } from '@rcm/shared/auth';
import { type FetchQueryOptions, QueryClient, type QueryKey } from '@tanstack/react-query';
import { authStore } from './auth-store.ts';

/** The one query cache of the console. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/**
 * Nothing fetched for one user is shown to the next: whenever the signed-in identity changes (sign-out,
 * a 401, signing in as someone else, impersonating or returning) the whole cache is dropped, in the
 * same synchronous step that publishes the new auth state, so the next screen renders from nothing.
 */
export function clearCacheOnIdentityChange(): () => void {
  let current: number | null = authStore.get().user?.id ?? null;
  return authStore.onUser((user: AuthUser | null) => {
    const next = user?.id ?? null;
    if (next === current) return;
    current = next;
    queryClient.clear();
  });
}

/**
 * What a page needs in place on its first render, asked for before it renders: only while the cache
 * has never asked (the first page of a signed-in user); afterwards the part keeps itself current and
 * no navigation waits. One try: a request that fails does not hold the first render for a retry; the
 * part is left out and asks again itself when it mounts.
 */
export async function fetchFirstTime<TData, TKey extends QueryKey>(
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<void> {
  if (queryClient.getQueryState(options.queryKey) !== undefined) return;
  await queryClient.fetchQuery({ ...options, retry: false }).catch(() => undefined);
}
