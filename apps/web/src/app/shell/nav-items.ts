import type { AuthUser } from '@rcm/shared/auth';
import { decideAccess, ROUTES, type RouteName } from '@rcm/shared/routes';
import { actorOf, userCan } from '@/lib/user-can.ts';

export type NavItem = { key: string; label: string; to: string; routeName: RouteName };

// docs/requirements.md §2 gives two orders; the top navigation uses the first.
const ORDER: { key: string; route: RouteName; to: string }[] = [
  { key: 'dashboard', route: 'home', to: '/' },
  { key: 'organizations', route: 'organizations', to: '/organizations' },
  { key: 'locations', route: 'locations', to: '/locations' },
  { key: 'controllers', route: 'controllers', to: '/controllers' },
  { key: 'jobs', route: 'jobs', to: '/jobs' },
  { key: 'assets', route: 'assets', to: '/assets' },
  { key: 'inventory', route: 'inventory', to: '/inventory' },
  { key: 'reports', route: 'reports', to: '/reports' },
];

/**
 * The entries a user may open. Without organization_view_all the organizations entry carries
 * the user's own organization name and opens that organization.
 */
export function navItems(user: AuthUser, t: (key: string) => string): NavItem[] {
  const items: NavItem[] = [];
  for (const entry of ORDER) {
    if (entry.key === 'organizations' && !userCan(user, 'organization.viewAll')) {
      const own = ROUTES.find((r) => r.name === 'organizations.view');
      if (own && decideAccess(own.auth, actorOf(user)).kind === 'allow') {
        items.push({
          key: entry.key,
          label: user.organisation.name,
          to: `/organizations/${user.organisation.id}/view`,
          routeName: 'organizations.view',
        });
      }
      continue;
    }
    const route = ROUTES.find((r) => r.name === entry.route);
    if (route && decideAccess(route.auth, actorOf(user)).kind === 'allow') {
      items.push({ key: entry.key, label: t(`nav.${entry.key}`), to: entry.to, routeName: entry.route });
    }
  }
  return items;
}
