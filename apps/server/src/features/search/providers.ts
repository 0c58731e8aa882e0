import type { Locale } from '@rcm/shared/locale';
import type { SearchHit, SearchKind } from '@rcm/shared/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import { type ScopeDomain, scopeSql, type TenantScope } from '../auth/scope.ts';

export type SearchTx = Pick<Db, 'execute'>;

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

/**
 * A column matches when it contains the text, or when one of its words is close to it (pg_trgm
 * word similarity above the threshold set for the transaction: typos tolerated, index-backed).
 */
function matches(column: SQL, term: Term): SQL {
  return sql`(${column} ilike ${term.like} or ${term.text} <% ${column})`;
}

function score(columns: SQL[], term: Term): SQL {
  const parts = columns.map((c) => sql`coalesce(word_similarity(${term.text}, ${c}), 0)`);
  return parts.length === 1 ? (parts[0] as SQL) : sql`greatest(${sql.join(parts, sql`, `)})`;
}

const controllers: SearchProvider = {
  kind: 'controllers',
  domain: 'controllers',
  async run(tx, term, scope, limit) {
    const cols = [sql`c.mac_address`, sql`c.name`, sql`c.store_alias`, sql`l.name`];
    const macHit = term.hex ? sql`or replace(c.mac_address, ':', '') like ${term.hex}` : sql``;
    const rows = await query<{
      id: number;
      mac_address: string;
      name: string | null;
      alias: string | null;
      loc: string | null;
    }>(
      tx,
      sql`select c.id, c.mac_address, c.name, c.store_alias as alias, l.name as loc
          from controllers c left join locations l on l.id = c.location_id
          where c.authorised and ${scopeSql(scope, { org: sql`c.organization_id`, loc: sql`c.location_id` })}
            and (${sql.join(
              cols.map((c) => matches(c, term)),
              sql` or `,
            )} ${macHit})
          order by ${score(cols, term)} desc, c.id limit ${limit}`,
    );
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
    const rows = await query<{ id: number; name: string; n: number }>(
      tx,
      sql`select o.id, o.name,
            (select count(*)::int from locations l where l.organization_id = o.id and l.archived_at is null) as n
          from organizations o
          where ${scopeSql(scope, { org: sql`o.id` })} and o.archived_at is null
            and ${matches(sql`o.name`, term)}
          order by ${score([sql`o.name`], term)} desc, o.id limit ${limit}`,
    );
    return rows.map((r) => ({ id: Number(r.id), title: r.name, subtitle: String(r.n), ref: null }));
  },
};

const locations: SearchProvider = {
  kind: 'locations',
  domain: 'locations',
  async run(tx, term, scope, limit) {
    const cols = [sql`l.name`, sql`l.address_line_1`, sql`l.city`];
    const rows = await query<{
      id: number;
      name: string;
      a1: string;
      city: string;
      state: string;
      org: string;
      org_id: number;
    }>(
      tx,
      sql`select l.id, l.name, l.address_line_1 as a1, l.city, l.state, o.name as org, o.id as org_id
          from locations l join organizations o on o.id = l.organization_id
          where ${scopeSql(scope, { org: sql`l.organization_id`, loc: sql`l.id` })} and l.archived_at is null
            and (${sql.join(
              cols.map((c) => matches(c, term)),
              sql` or `,
            )})
          order by ${score(cols, term)} desc, l.id limit ${limit}`,
    );
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
  /**
   * By ref (any status), or by reason in either language among alarms not yet cleared (the history is
   * the dashboard's job); titled with the reason in the caller's language.
   */
  async run(tx, term, scope, limit) {
    const byRef = term.ref !== null ? sql`a.ref = ${term.ref}` : sql`false`;
    const byReason =
      term.text.length >= 3
        ? sql`(a.status <> 'cleared' and (${matches(sql`a.reason`, term)} or ${matches(sql`a.reason_es`, term)}))`
        : sql`false`;
    const rows = await query<{
      id: number;
      ref: number;
      reason: string;
      reason_es: string | null;
      status: string;
      ctl: string | null;
      loc: string | null;
    }>(
      tx,
      sql`select a.id, a.ref, a.reason, a.reason_es, a.status, coalesce(c.name, c.mac_address) as ctl, l.name as loc
          from alarms a join controllers c on c.id = a.controller_id left join locations l on l.id = c.location_id
          where ${scopeSql(scope, { org: sql`a.organization_id`, loc: sql`a.location_id` })} and (${byRef} or ${byReason})
          order by ${term.ref !== null ? sql`(a.ref = ${term.ref}) desc,` : sql``} a.raised_at desc limit ${limit}`,
    );
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
    const cols = [sql`u.name`, sql`u.email`];
    const rows = await query<{ id: number; name: string; email: string; org: string }>(
      tx,
      sql`select u.id, u.name, u.email, o.name as org from users u join organizations o on o.id = u.organization_id
          where ${scopeSql(scope, { org: sql`u.organization_id` })}
            and u.deleted_at is null
            and (${sql.join(
              cols.map((c) => matches(c, term)),
              sql` or `,
            )})
          order by ${score(cols, term)} desc, u.id limit ${limit}`,
    );
    return rows.map((r) => ({ id: Number(r.id), title: r.name, subtitle: `${r.email} · ${r.org}`, ref: null }));
  },
};

const jobs: SearchProvider = {
  kind: 'jobs',
  domain: 'jobs',
  async run(tx, term, scope, limit) {
    const cols = [sql`j.number`, sql`j.title`];
    const rows = await query<{ id: number; number: string; title: string; status: string; loc: string | null }>(
      tx,
      sql`select j.id, j.number, j.title, j.status, l.name as loc from jobs j left join locations l on l.id = j.location_id
          where ${scopeSql(scope, { org: sql`j.organization_id`, loc: sql`j.location_id` })} and (${sql.join(
            cols.map((c) => matches(c, term)),
            sql` or `,
          )})
          order by ${score(cols, term)} desc, j.id desc limit ${limit}`,
    );
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
    const cols = [sql`i.part_number`, sql`i.product_name`];
    const rows = await query<{ id: number; part: string; name: string; brand: string; qty: number; org: string }>(
      tx,
      sql`select i.id, i.part_number as part, i.product_name as name, i.brand, i.quantity as qty, o.name as org
          from inventory_items i join organizations o on o.id = i.organization_id
          where ${scopeSql(scope, { org: sql`i.organization_id` })}
            and i.archived_at is null
            and (${sql.join(
              cols.map((c) => matches(c, term)),
              sql` or `,
            )})
          order by ${score(cols, term)} desc, i.id limit ${limit}`,
    );
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
