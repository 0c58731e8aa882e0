import { decideAccess, ROUTES, type RouteAuth, type RouteName } from '@rcm/shared/routes';
import { createRootRoute, createRoute, createRouter, notFound, redirect } from '@tanstack/react-router';
import { LogoutPage } from '../features/auth/logout-page.tsx';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { whenAuthReady } from '../lib/auth-store.ts';
import { loadAppStrings } from '../lib/i18n.ts';
import { PAGES } from './pages.tsx';
import { RootLayout } from './root-layout.tsx';

/** Only same-site paths may be returned to after sign-in. */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

/** The route guard of spec section 4, run before every route loads. */
async function guard(auth: RouteAuth, href: string): Promise<void> {
  const { user } = await whenAuthReady();
  const decision = decideAccess(auth, user);
  switch (decision.kind) {
    case 'allow':
      // A signed-in page's strings (a chunk the sign-in page does not download).
      if (user) await loadAppStrings();
      return;
    case 'login':
      throw redirect({ to: '/user/login', search: { redirect: href } });
    case 'forbidden':
      throw redirect({ to: '/403' });
    case 'not-found':
      throw notFound();
    default: {
      const unreachable: never = decision;
      throw new Error(`unknown guard decision ${JSON.stringify(unreachable)}`);
    }
  }
}

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length < 500 ? v : undefined);

/** The dashboard's filters live in the URL (bookmarkable); anything unknown is dropped. */
function dashboardSearch(s: Record<string, unknown>) {
  const page = Number(s.page);
  return {
    status: text(s.status),
    severity: text(s.severity),
    type: text(s.type),
    warranty: s.warranty === 'true' || s.warranty === 'false' ? s.warranty : undefined,
    offline: s.offline === 'true' ? ('true' as const) : undefined,
    organization_id: id(s.organization_id),
    location_id: id(s.location_id),
    sort: text(s.sort),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

const bool = (v: unknown) => (v === 'true' || v === 'false' ? v : undefined);
const id = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

function controllersSearch(s: Record<string, unknown>) {
  const page = id(s.page);
  return {
    q: text(s.q),
    organization_id: id(s.organization_id),
    location_id: id(s.location_id),
    online: bool(s.online),
    authorised: bool(s.authorised),
    warranty: bool(s.warranty),
    sort: text(s.sort),
    page: page && page > 1 ? page : undefined,
  };
}

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

function searchFor(name: RouteName) {
  if (name === 'login')
    return (s: Record<string, unknown>) => ({
      redirect: safeRedirect(s.redirect),
      notice: s.notice === 'password_saved' ? ('password_saved' as const) : undefined,
    });
  if (name === 'password.reset') return (s: Record<string, unknown>) => ({ token: text(s.token) });
  if (name === 'home') return dashboardSearch;
  if (name === 'controllers') return controllersSearch;
  if (name === 'search') return (s: Record<string, unknown>) => ({ q: typeof s.q === 'string' ? s.q : '' });
  return undefined;
}

const appRoutes = ROUTES.map((def) => {
  const Page = PAGES[def.name];
  const Component = Page ? () => <Page /> : NotFoundPage;
  return createRoute({
    getParentRoute: () => rootRoute,
    path: def.path,
    validateSearch: searchFor(def.name),
    beforeLoad: ({ location }) => guard(def.auth, location.href),
    component: Component,
  });
});

const logoutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/user/logout', component: LogoutPage });

export const router = createRouter({
  routeTree: rootRoute.addChildren([...appRoutes, logoutRoute]),
  defaultPreload: 'intent',
  scrollRestoration: true,
});
