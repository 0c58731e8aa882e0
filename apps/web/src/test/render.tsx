import type { AuthUser } from '@rcm/shared/auth';
import type { Locale } from '@rcm/shared/locale';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, vi } from 'vitest';
import { clearSession, fetchUser } from '@/lib/auth-store.ts';
import { tokens } from '@/lib/tokens.ts';
import { enUS } from '@/locales/en-US.ts';
import { enUSApp } from '@/locales/en-US-app.ts';
import { esMX } from '@/locales/es-MX.ts';
import { esMXApp } from '@/locales/es-MX-app.ts';

// Nothing of one test's person or API survives into the next.
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

/** The console's strings in both languages, as the signed-in pages have them. */
async function strings(locale: Locale): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: {
      'en-US': { translation: { ...enUS, ...enUSApp } },
      'es-MX': { translation: { ...esMX, ...esMXApp } },
    },
    lng: locale,
    fallbackLng: 'en-US',
    interpolation: { escapeValue: false },
    returnObjects: true,
  });
  return instance;
}

export type ApiCall = { method: string; path: string; body: unknown };
type Reply = { status?: number; body?: unknown };

/**
 * The API as a component test sees it: `GET auth/user` answers the signed-in user, and each
 * `'METHOD path'` key answers what it is given (else 404); every call is recorded.
 */
export function stubApi(user: AuthUser | null, replies: Record<string, Reply | ((call: ApiCall) => Reply)> = {}) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '') + url.search;
    const method = (init.method ?? 'GET').toUpperCase();
    const call = { method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : null };
    calls.push(call);
    const match = replies[`${method} ${path}`];
    const reply: Reply =
      method === 'GET' && path === 'auth/user' && user
        ? { body: { data: user } }
        : typeof match === 'function'
          ? match(call)
          : (match ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/**
 * Renders `node` as the console would for `user` (signed in through `GET auth/user`, see `stubApi`)
 * in `locale`, inside a router at `path` and a query client of its own.
 */
export async function renderAs(
  user: AuthUser | null,
  node: ReactNode,
  options: { locale?: Locale; path?: string } = {},
) {
  if (user) {
    tokens.store('test-token');
    await fetchUser();
  } else clearSession();
  const i18n = await strings(options.locale ?? 'en-US');
  const rootRoute = createRootRoute({ component: Outlet });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => <>{node}</> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  await router.load();
  return { ...view, router, queryClient };
}
