import { decideAccess, ROUTES, type RouteAuth } from '@rcm/shared/routes';
import {
  type AnyRoute,
  createRootRoute,
  createRoute,
  createRouter,
  notFound,
  type RouteComponent,
  redirect,
} from '@tanstack/react-router';
import { assetsSearch } from '@/features/assets/index.ts';
import { LogoutPage } from '@/features/auth/pages/logout-page.tsx';
import { loadDashboard } from '@/features/dashboard/api/dashboard-data.ts';
import { NotFoundPage } from '@/features/errors/pages/not-found-page.tsx';
import { inventorySearch } from '@/features/inventory/index.ts';
import { jobsSearch } from '@/features/jobs/index.ts';
import { reportSearch } from '@/features/reports/index.ts';
import { authStore, whenAuthReady } from '@/lib/auth-store.ts';
import { armPageHeadingFocus } from '@/lib/focus.ts';
import { loadAppStrings } from '@/lib/i18n.ts';
import { actorOf } from '@/lib/user-can.ts';
import { PAGES } from './pages.tsx';
import { PageLoading, RootLayout } from './root-layout.tsx';
import {
  connectSearch,
  controllersSearch,
  dashboardSearch,
  loginSearch,
  passwordResetSearch,
  searchPageSearch,
  ssoCompleteSearch,
} from './search-params.ts';

/** The route guard, run before every route loads: `decideAccess` of the shared table. */
async function guard(auth: RouteAuth, href: string): Promise<void> {
  const { user } = await whenAuthReady();
  const decision = decideAccess(auth, actorOf(user));
  switch (decision.kind) {
    case 'allow':
      // A signed-in page's strings (a chunk the sign-in page does not download); a link's page
      // (one-tap acknowledge) shows an alarm signed in or not, with the same strings. Signed in, the
      // shell's banners are read meanwhile, so they are in place when the shell first renders.
      if (user || auth === 'anyone') {
        await Promise.all([
          loadAppStrings(),
          // Never in the way: without them (a chunk that did not load) the banners arrive with the shell.
          user ? import('./shell/shell-data.ts').then((m) => m.ensureShellData(user)).catch(() => undefined) : null,
        ]);
      }
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

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

type Def = (typeof ROUTES)[number];
type Name = Def['name'];
/** The table's entries by name, each with its literal path. */
type ByName = { [D in Def as D['name']]: D };

function defOf<N extends Name>(name: N): ByName[N] {
  const def = ROUTES.find((r): r is ByName[N] => r.name === name);
  if (!def) throw new Error(`no route named ${name}`);
  return def;
}

type PageOptions<P extends string> = {
  getParentRoute: () => typeof rootRoute;
  path: P;
  beforeLoad: (ctx: { location: { href: string } }) => Promise<void>;
  component: RouteComponent;
};

/**
 * A route of the shared table: its path (as a literal type, so links and navigation are typed),
 * its guard and its page. Spread into `createRoute` with the route's own options.
 */
function page<N extends Name>(name: N): PageOptions<ByName[N]['path']> {
  const def = defOf(name);
  return {
    getParentRoute: () => rootRoute,
    path: def.path,
    beforeLoad: ({ location }: { location: { href: string } }) => guard(def.auth, location.href),
    component: PAGES[name],
  };
}

const reports = <N extends Name>(name: N) => createRoute({ ...page(name), validateSearch: reportSearch });

/** One route per entry of the shared table, in its order. */
const appRoutes = {
  login: createRoute({ ...page('login'), validateSearch: loginSearch }),
  'invitation.accept': createRoute(page('invitation.accept')),
  setup: createRoute(page('setup')),
  'password.forgot': createRoute(page('password.forgot')),
  'password.reset': createRoute({ ...page('password.reset'), validateSearch: passwordResetSearch }),
  'login.sso': createRoute({ ...page('login.sso'), validateSearch: ssoCompleteSearch }),
  ack: createRoute(page('ack')),
  home: createRoute({
    ...page('home'),
    validateSearch: dashboardSearch,
    loaderDeps: ({ search }) => search,
    // The alarm list and tiles are asked for once the guard knows the user, while the page's code
    // arrives; the first screen waits for them (and, on a desktop, for the panels above the list, which
    // would push it down), later filter changes do not. The code that asks is a few query definitions,
    // part of the router's own: the requests never wait for a chunk.
    loader: ({ deps }) => loadDashboard(deps, authStore.get().user),
  }),
  account: createRoute(page('account')),
  '403': createRoute(page('403')),
  locations: createRoute(page('locations')),
  controllers: createRoute({ ...page('controllers'), validateSearch: controllersSearch }),
  inventory: createRoute({ ...page('inventory'), validateSearch: inventorySearch }),
  assets: createRoute({ ...page('assets'), validateSearch: assetsSearch }),
  reports: createRoute(page('reports')),
  'reports.uri_purchase_orders': reports('reports.uri_purchase_orders'),
  'reports.rack_manually_on': reports('reports.rack_manually_on'),
  'reports.haccp': reports('reports.haccp'),
  'reports.alarm_response': reports('reports.alarm_response'),
  'reports.refrigerant': reports('reports.refrigerant'),
  'reports.alarm_management': reports('reports.alarm_management'),
  'reports.case_performance': reports('reports.case_performance'),
  jobs: createRoute({ ...page('jobs'), validateSearch: jobsSearch }),
  'jobs.view': createRoute(page('jobs.view')),
  organizations: createRoute(page('organizations')),
  'organizations.create': createRoute(page('organizations.create')),
  'organizations.view': createRoute(page('organizations.view')),
  'organizations.edit': createRoute(page('organizations.edit')),
  'organizations.locations.create': createRoute(page('organizations.locations.create')),
  'organizations.locations.edit': createRoute(page('organizations.locations.edit')),
  'controllers.view': createRoute(page('controllers.view')),
  'alarms.view': createRoute(page('alarms.view')),
  'controllers.edit': createRoute(page('controllers.edit')),
  'controllers.authorise': createRoute(page('controllers.authorise')),
  'controllers.connect': createRoute({ ...page('controllers.connect'), validateSearch: connectSearch }),
  search: createRoute({ ...page('search'), validateSearch: searchPageSearch }),
  legal: createRoute(page('legal')),
  settings: createRoute(page('settings')),
  'settings.users': createRoute(page('settings.users')),
  'settings.users.create': createRoute(page('settings.users.create')),
  'settings.users.edit': createRoute(page('settings.users.edit')),
  'settings.teams': createRoute(page('settings.teams')),
  'settings.teams.edit': createRoute(page('settings.teams.edit')),
  'settings.roles': createRoute(page('settings.roles')),
  'settings.roles.edit': createRoute(page('settings.roles.edit')),
  'settings.alarm_types': createRoute(page('settings.alarm_types')),
  'settings.alarm_types.edit': createRoute(page('settings.alarm_types.edit')),
  'settings.job_categories': createRoute(page('settings.job_categories')),
  'settings.webhooks': createRoute(page('settings.webhooks')),
  'settings.api_tokens': createRoute(page('settings.api_tokens')),
  'settings.audit_log': createRoute(page('settings.audit_log')),
  'settings.backups': createRoute(page('settings.backups')),
  'settings.email': createRoute(page('settings.email')),
  'settings.oncall': createRoute(page('settings.oncall')),
  'settings.sso': createRoute(page('settings.sso')),
} satisfies Record<Name, unknown>;

const logoutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/user/logout', component: LogoutPage });
/** The address people type for signing in: the sign-in page, or once signed in where they were going. */
const loginAlias = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearch,
  beforeLoad: async ({ search }) => {
    const { user } = await whenAuthReady();
    throw user
      ? redirect({ href: search.redirect ?? '/', replace: true })
      : redirect({ to: '/user/login', search, replace: true });
  },
});

function createAppRouter() {
  const router = createRouter({
    routeTree: rootRoute.addChildren({ ...appRoutes, logout: logoutRoute, loginAlias }),
    defaultPreload: 'intent',
    // A route that takes over a second to load (a server restarting, a slow network) says so.
    defaultPendingComponent: PageLoading,
    scrollRestoration: true,
  });
  // After a navigation to another path the new page's heading takes focus (lib/focus.ts).
  router.subscribe('onBeforeNavigate', (event) => {
    if (event.fromLocation && event.pathChanged) armPageHeadingFocus();
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
let instance: AppRouter | undefined;

/**
 * The console's router, built when first asked for: building it (the route tree, the history, scroll
 * restoration) is a part of the page's start that main.tsx runs in a task of its own.
 */
export function appRouter(): AppRouter {
  instance ??= createAppRouter();
  return instance;
}

/**
 * Starts downloading the code of the page at the current address at once: the route would load it
 * only after its guard, which waits for the user.
 */
export function preloadCurrentPage(router: AppRouter): void {
  const byId = router.routesById as Record<string, AnyRoute>;
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = byId[match.routeId];
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
