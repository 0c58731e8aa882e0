import type { Locale } from '@rcm/shared/locale';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

/** A search query as typed, prepared once for every kind (providers.ts `prepareTerm`). */
export type Term = { text: string; like: string; hex: string | null; ref: number | null; locale: Locale };

/** What a search query runs on: the search transaction. */
export type SearchTx = Pick<Db, 'execute'>;

/** How close a word must be to count as a match (pg_trgm word similarity, 0–1): "Rivrside" finds "Riverside". */
export const WORD_SIMILARITY = 0.4;

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

export function createSearchRepo(db: Db) {
  return {
    /**
     * Runs `fn` in one transaction with the word-similarity threshold set for it: the `<%` operator
     * reads it, and the trigram indexes serve it.
     */
    inSearchTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
        return fn(tx);
      });
    },
    /** Authorized controllers by MAC address (also as bare hex), name, alias or location name. */
    async searchControllers(term: Term, scope: TenantScope, limit: number, tx: SearchTx) {
      const cols = [sql`c.mac_address`, sql`c.name`, sql`c.store_alias`, sql`l.name`];
      const macHit = term.hex ? sql`or replace(c.mac_address, ':', '') like ${term.hex}` : sql``;
      return query<{
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
    },
    /** Organizations not archived by name, with their count of live locations. */
    async searchOrganizations(term: Term, scope: TenantScope, limit: number, tx: SearchTx) {
      return query<{ id: number; name: string; n: number }>(
        tx,
        sql`select o.id, o.name,
            (select count(*)::int from locations l where l.organization_id = o.id and l.archived_at is null) as n
          from organizations o
          where ${scopeSql(scope, { org: sql`o.id` })} and o.archived_at is null
            and ${matches(sql`o.name`, term)}
          order by ${score([sql`o.name`], term)} desc, o.id limit ${limit}`,
      );
    },
    /** Locations not archived by name, first address line or city. */
    async searchLocations(term: Term, scope: TenantScope, limit: number, tx: SearchTx) {
      const cols = [sql`l.name`, sql`l.address_line_1`, sql`l.city`];
      return query<{
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
    },
    /**
     * By ref (any status), or by reason in either language among alarms not yet cleared (the history is
     * the dashboard's job).
     */
    async searchAlarms(term: Term, scope: TenantScope, limit: number, tx: SearchTx) {
      const byRef = term.ref !== null ? sql`a.ref = ${term.ref}` : sql`false`;
      const byReason =
        term.text.length >= 3
          ? sql`(a.status <> 'cleared' and (${matches(sql`a.reason`, term)} or ${matches(sql`a.reason_es`, term)}))`
          : sql`false`;
      return query<{
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
    },
    /** Users not deleted by name or email. */
    async searchUsers(term: Term, scope: TenantScope, limit: number, tx: SearchTx) {
      const cols = [sql`u.name`, sql`u.email`];
      return query<{ id: number; name: string; email: string; org: string }>(
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
    },
    /** Jobs by number or title, newest first among equal scores. */
    async searchJobs(term: Term, scope: TenantScope, limit: number, tx: SearchTx) {
      const cols = [sql`j.number`, sql`j.title`];
      return query<{ id: number; number: string; title: string; status: string; loc: string | null }>(
        tx,
        sql`select j.id, j.number, j.title, j.status, l.name as loc from jobs j left join locations l on l.id = j.location_id
          where ${scopeSql(scope, { org: sql`j.organization_id`, loc: sql`j.location_id` })} and (${sql.join(
            cols.map((c) => matches(c, term)),
            sql` or `,
          )})
          order by ${score(cols, term)} desc, j.id desc limit ${limit}`,
      );
    },
    /** Inventory items not archived by part number or product name. */
    async searchInventory(term: Term, scope: TenantScope, limit: number, tx: SearchTx) {
      const cols = [sql`i.part_number`, sql`i.product_name`];
      return query<{ id: number; part: string; name: string; brand: string; qty: number; org: string }>(
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
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
