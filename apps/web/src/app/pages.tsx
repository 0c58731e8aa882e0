import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/pages/login-page.tsx';
import { ENTRY_PAGE, PAGE_MODULES, type PageName } from './page-modules.ts';

/** Every lazily loaded page's module, by its path from this folder (the sign-in page is in the entry). */
const MODULES = import.meta.glob<Record<string, RouteComponent>>([
  '../features/**/*-page.tsx',
  '!../features/auth/pages/login-page.tsx',
  '!../features/auth/pages/logout-page.tsx',
  '!../features/errors/pages/not-found-page.tsx',
]);

function lazyPage([module, component]: readonly [string, string]): RouteComponent {
  const load = MODULES[`../${module}`];
  if (!load) throw new Error(`no page module ${module}`);
  return lazyRouteComponent(load, component);
}

/**
 * Every route's page, from the table of page modules: the sign-in page at once, every other one a
 * chunk loaded by the router when the route loads or is preloaded, so its code is ready when it renders.
 */
export const PAGES = Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([name, def]) => [name, name === ENTRY_PAGE ? LoginPage : lazyPage(def)]),
) as Record<PageName, RouteComponent>;
