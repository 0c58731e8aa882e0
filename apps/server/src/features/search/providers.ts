import type { Locale } from '@rcm/shared/locale';
import type { SearchHit, SearchKind } from '@rcm/shared/search';
import type { ScopeDomain, TenantScope } from '../auth/scope.ts';
import {
  type SearchTx,
  searchAlarms,
  searchControllers,
  searchInventory,
  searchJobs,
  searchLocations,
  searchOrganizations,
  searchUsers,
} from './repo.ts';

/** What one kind contributes, within the caller's scope in its domain (left out without one). */
export type SearchProvider = {
  kind: SearchKind;
  domain: ScopeDomain;
  run: (tx: SearchTx, term: Term, scope: TenantScope, limit: number) => Promise<SearchHit[]>;
};

/**
 * The typed text prepared once: as typed, as an ILIKE pattern, and as bare hex for MAC addresses;
 * with the caller's language for hits that have text in both (alarm reasons).
 */
export type Term = { text: string; like: string; hex: string | null; ref: number | null; locale: Locale };

export function prepareTerm(q: string, locale: Locale = 'en-US'): Term {
  const text = q.trim();
  const like = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const bare = text.replace(/[:.\-\s]/g, '');
  const hex = /^[0-9a-f]{2,12}$/i.test(bare) ? `%${bare.toLowerCase()}%` : null;
  const ref = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
  return { text, like, hex, ref, locale };
}

const controllers: SearchProvider = {
  kind: 'controllers',
  domain: 'controllers',
  async run(tx, term, scope, limit) {
    const rows = await searchControllers(tx, term, scope, limit);
    return rows.map((r) => ({
      id: Number(r.id),
      title: r.name ?? r.mac_address,
      subtitle: [r.mac_address, r.alias, r.loc].filter(Boolean).join(' · '),
      ref: null,
    }));
  },
};

const organizations: SearchProvider = {
  kind: 'organizations',
  domain: 'organizations',
  async run(tx, term, scope, limit) {
    const rows = await searchOrganizations(tx, term, scope, limit);
    return rows.map((r) => ({ id: Number(r.id), title: r.name, subtitle: String(r.n), ref: null }));
  },
};

const locations: SearchProvider = {
  kind: 'locations',
  domain: 'locations',
  async run(tx, term, scope, limit) {
    const rows = await searchLocations(tx, term, scope, limit);
    return rows.map((r) => ({
      id: Number(r.id),
      title: r.name,
      subtitle: [r.a1, r.city, r.state, r.org].filter(Boolean).join(', '),
      ref: String(r.org_id),
    }));
  },
};

const alarms: SearchProvider = {
  kind: 'alarms',
  domain: 'alarms',
  /** Titled with the reason in the caller's language. */
  async run(tx, term, scope, limit) {
    const rows = await searchAlarms(tx, term, scope, limit);
    return rows.map((r) => ({
      id: Number(r.id),
      title: `#${r.ref} ${term.locale === 'es-MX' ? (r.reason_es ?? r.reason) : r.reason}`,
      subtitle: [r.ctl, r.loc].filter(Boolean).join(' · '),
      ref: String(r.ref),
    }));
  },
};

const users: SearchProvider = {
  kind: 'users',
  domain: 'users',
  async run(tx, term, scope, limit) {
    const rows = await searchUsers(tx, term, scope, limit);
    return rows.map((r) => ({ id: Number(r.id), title: r.name, subtitle: `${r.email} · ${r.org}`, ref: null }));
  },
};

const jobs: SearchProvider = {
  kind: 'jobs',
  domain: 'jobs',
  async run(tx, term, scope, limit) {
    const rows = await searchJobs(tx, term, scope, limit);
    return rows.map((r) => ({
      id: Number(r.id),
      title: `#${r.number} ${r.title}`,
      subtitle: [r.status, r.loc].filter(Boolean).join(' · '),
      ref: null,
    }));
  },
};

const inventory: SearchProvider = {
  kind: 'inventory',
  domain: 'inventory',
  async run(tx, term, scope, limit) {
    const rows = await searchInventory(tx, term, scope, limit);
    return rows.map((r) => ({
      id: Number(r.id),
      title: r.name,
      subtitle: [r.part, r.brand, r.org].filter(Boolean).join(' · '),
      ref: r.part,
    }));
  },
};

/** In the order the results page shows them. */
export const SEARCH_PROVIDERS: SearchProvider[] = [
  controllers,
  organizations,
  locations,
  alarms,
  jobs,
  inventory,
  users,
];
