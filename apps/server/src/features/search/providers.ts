import type { Locale } from '@rcm/shared/locale';
import type { SearchHit, SearchKind } from '@rcm/shared/search';
import { containsPattern } from '../../lib/sql.ts';
import type { ScopeDomain, TenantScope } from '../auth/scope.ts';
import type { SearchRepo, SearchTx, Term } from './repo.ts';

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
export type { Term } from './repo.ts';

export function prepareTerm(q: string, locale: Locale = 'en-US'): Term {
  const text = q.trim();
  const bare = text.replace(/[:.\-\s]/g, '');
  const hex = /^[0-9a-f]{2,12}$/i.test(bare) ? `%${bare.toLowerCase()}%` : null;
  const ref = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
  return { text, like: containsPattern(text), hex, ref, locale };
}

/** A kind searched in the scope domain of the same name: each row of the repo's search made a hit. */
function provider<R extends { id: unknown }>(
  kind: SearchKind & ScopeDomain,
  search: (term: Term, scope: TenantScope, limit: number, tx: SearchTx) => Promise<R[]>,
  hit: (row: R, term: Term) => Omit<SearchHit, 'id'>,
): SearchProvider {
  return {
    kind,
    domain: kind,
    async run(tx, term, scope, limit) {
      const rows = await search(term, scope, limit, tx);
      return rows.map((r) => ({ id: Number(r.id), ...hit(r, term) }));
    },
  };
}

/** The kinds the search knows, in the order the results page shows them. */
export function searchProviders(repo: SearchRepo): SearchProvider[] {
  const controllers = provider('controllers', repo.searchControllers, (r) => ({
    title: r.name ?? r.mac_address,
    subtitle: [r.mac_address, r.alias, r.loc].filter(Boolean).join(' · '),
    ref: null,
  }));

  const organizations = provider('organizations', repo.searchOrganizations, (r) => ({
    title: r.name,
    subtitle: String(r.n),
    ref: null,
  }));

  const locations = provider('locations', repo.searchLocations, (r) => ({
    title: r.name,
    subtitle: [r.a1, r.city, r.state, r.org].filter(Boolean).join(', '),
    ref: String(r.org_id),
  }));

  /** Titled with the reason in the caller's language. */
  const alarms = provider('alarms', repo.searchAlarms, (r, term) => ({
    title: `#${r.ref} ${term.locale === 'es-MX' ? (r.reason_es ?? r.reason) : r.reason}`,
    subtitle: [r.ctl, r.loc].filter(Boolean).join(' · '),
    ref: String(r.ref),
  }));

  const users = provider('users', repo.searchUsers, (r) => ({
    title: r.name,
    subtitle: `${r.email} · ${r.org}`,
    ref: null,
  }));

  const jobs = provider('jobs', repo.searchJobs, (r) => ({
    title: `#${r.number} ${r.title}`,
    subtitle: [r.status, r.loc].filter(Boolean).join(' · '),
    ref: null,
  }));

  const inventory = provider('inventory', repo.searchInventory, (r) => ({
    title: r.name,
    subtitle: [r.part, r.brand, r.org].filter(Boolean).join(' · '),
    ref: r.part,
  }));

  return [controllers, organizations, locations, alarms, jobs, inventory, users];
}
