/**
 * The search params of the routes whose state lives in the URL: each route's `validateSearch`.
 * Values that are unknown or malformed are dropped (a bookmarked URL never reaches the API as is).
 * Plain functions, not schemas: the router and these validators are in the first visit's bundle.
 */
import { ROUTES } from '@rcm/shared/routes';
import type { AlarmFilters } from '@/features/alarms/api/get-alarms.ts';
import type { ControllerFilters } from '@/features/controllers/api/controllers.ts';
import { laterPage, positive, type Raw } from '@/lib/search-values.ts';

export type { Raw };

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length < 500 ? v : undefined);
const bool = (v: unknown) => (v === 'true' || v === 'false' ? v : undefined);

/**
 * The pages for those signed out (sign-in, setup, password reset, invitations: not found once signed
 * in), and `/login`, which leads to sign-in.
 */
const SIGNED_OUT = ['/login', ...ROUTES.filter((r) => r.auth === false).map((r) => r.path.split('/$')[0] ?? r.path)];

/** Only same-site paths may be returned to after sign-in, and none of the signed-out pages. */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  const path = value.split(/[?#]/)[0] ?? value;
  return SIGNED_OUT.some((p) => path === p || path.startsWith(`${p}/`)) ? undefined : value;
}

export type LoginSearch = { redirect?: string; notice?: 'password_saved' };

export function loginSearch(s: Raw): LoginSearch {
  return {
    redirect: safeRedirect(s.redirect),
    notice: s.notice === 'password_saved' ? 'password_saved' : undefined,
  };
}

/** Where the provider's sign-in completes: where to go after (a console path), or why it did not start. */
export function ssoCompleteSearch(s: Raw): { return_to?: string; error?: string } {
  const error = text(s.error);
  return { return_to: safeRedirect(s.return_to), error: error && /^[a-z_]+$/.test(error) ? error : undefined };
}

export function passwordResetSearch(s: Raw): { token?: string } {
  return { token: text(s.token) };
}

export function searchPageSearch(s: Raw): { q?: string } {
  return { q: typeof s.q === 'string' ? s.q : '' };
}

/** The dashboard's filters live in the URL (bookmarkable); anything unknown is dropped. */
export function dashboardSearch(s: Raw): AlarmFilters {
  return {
    status: text(s.status),
    severity: text(s.severity),
    type: text(s.type),
    warranty: s.warranty === 'true' || s.warranty === 'false' ? s.warranty : undefined,
    offline: s.offline === 'true' ? 'true' : undefined,
    organization_id: positive(s.organization_id),
    location_id: positive(s.location_id),
    paged_user_id: positive(s.paged_user_id),
    sort: text(s.sort),
    page: laterPage(s.page),
  };
}

/** "Connect a controller": a controller speaking the device protocol, or a store gateway (`?via=gateway`). */
export function connectSearch(s: Raw): { via?: 'gateway' } {
  return { via: s.via === 'gateway' ? 'gateway' : undefined };
}

export function controllersSearch(s: Raw): ControllerFilters {
  return {
    q: text(s.q),
    organization_id: positive(s.organization_id),
    location_id: positive(s.location_id),
    online: bool(s.online),
    authorised: bool(s.authorised),
    warranty: bool(s.warranty),
    sort: text(s.sort),
    page: laterPage(s.page),
  };
}
