import type { Locale } from '@rcm/shared/locale';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ints, query, texts } from '../../lib/sql.ts';
import { NAMED_KINDS, type NamedKind, snapshotName } from './present.ts';

/**
 * Names of the records audit entries refer to, read when the log is read: a renamed record reads
 * with its current name, and deleted users and archived records (which keep their rows) are named
 * too. A record whose row is gone is named by the newest entry that recorded it.
 */
type Namer = (ids: SQL, es: boolean) => SQL;

const NAMERS: Record<NamedKind, Namer> = {
  organization: (ids) => sql`select id, name from organizations where id = any(${ids}::int[])`,
  location: (ids) => sql`select id, name from locations where id = any(${ids}::int[])`,
  role: (ids) => sql`select id, name from roles where id = any(${ids}::int[])`,
  team: (ids) => sql`select id, name from teams where id = any(${ids}::int[])`,
  user: (ids) => sql`select id, name from users where id = any(${ids}::int[])`,
  controller: (ids) =>
    sql`select id, coalesce(name, mac_address) as name from controllers where id = any(${ids}::int[])`,
  alarm: (ids, es) =>
    sql`select a.id, '#' || a.ref || ' · ' || ${es ? sql`t.name_es` : sql`t.name`} as name
        from alarms a join alarm_types t on t.id = a.alarm_type_id where a.id = any(${ids}::int[])`,
  alarm_type: (ids, es) =>
    sql`select id, ${es ? sql`name_es` : sql`name`} as name from alarm_types where id = any(${ids}::int[])`,
  job: (ids) => sql`select id, number as name from jobs where id = any(${ids}::int[])`,
  job_category: (ids) => sql`select id, name from job_categories where id = any(${ids}::int[])`,
  asset: (ids) => sql`select id, name from assets where id = any(${ids}::int[])`,
  inventory_item: (ids) =>
    sql`select id, product_name || ' (' || part_number || ')' as name from inventory_items where id = any(${ids}::int[])`,
  supplier: (ids) => sql`select id, name from suppliers where id = any(${ids}::int[])`,
  purchase_order: (ids) => sql`select id, number as name from purchase_orders where id = any(${ids}::int[])`,
  invitation: (ids) => sql`select id, email as name from invitations where id = any(${ids}::int[])`,
  // A window is named by its place: the location, or the controller and its rack.
  maintenance_window: (ids) =>
    sql`select w.id, coalesce(coalesce(c.name, c.mac_address) || coalesce(' · ' || w.rack_ref, ''), l.name) as name
        from maintenance_windows w join locations l on l.id = w.location_id
        left join controllers c on c.id = w.controller_id where w.id = any(${ids}::int[])`,
  escalation_policy: (ids) => sql`select id, name from escalation_policies where id = any(${ids}::int[])`,
  oncall_schedule: (ids) => sql`select id, name from oncall_schedules where id = any(${ids}::int[])`,
  webhook: (ids) => sql`select id, name from webhooks where id = any(${ids}::int[])`,
};

/** Subjects whose id is not a row id of a named kind. */
const SUBJECTS: Record<string, (ids: string[], es: boolean) => SQL> = {
  // An alarm's entries name it by its number (`ref`), as the console does.
  alarm: (refs, es) =>
    sql`select a.ref::text as id, '#' || a.ref || ' · ' || ${es ? sql`t.name_es` : sql`t.name`} as name
        from alarms a join alarm_types t on t.id = a.alarm_type_id
        where a.ref::text = any(${texts(refs)}::text[])`,
  // `{controller id}/{rack}`.
  refrigerant_system: (keys) =>
    sql`select k as id, coalesce(c.name, c.mac_address) || ' · ' || split_part(k, '/', 2) as name
        from unnest(${texts(keys)}::text[]) k
        join controllers c on c.id::text = split_part(k, '/', 1)`,
  refrigerant_event: (ids) =>
    sql`select e.id::text as id, coalesce(c.name, c.mac_address) || ' · ' || e.rack_ref as name
        from refrigerant_events e join controllers c on c.id = e.controller_id
        where e.id::text = any(${texts(ids)}::text[])`,
  // A support grant: whom it lets in (the person, or the organization).
  support_grant: (ids) =>
    sql`select g.id::text as id, coalesce(u.name, o.name) as name
        from support_grants g left join users u on u.id = g.grantee_user_id
        left join organizations o on o.id = g.grantee_organization_id
        where g.id::text = any(${texts(ids)}::text[])`,
  // A HACCP log entry: its place and number.
  haccp_entry: (ids) =>
    sql`select e.id::text as id, l.name || ' · #' || e.id as name
        from haccp_entries e join locations l on l.id = e.location_id
        where e.id::text = any(${texts(ids)}::text[])`,
};

const isNamedKind = (k: string): k is NamedKind => (NAMED_KINDS as readonly string[]).includes(k);
const key = (kind: string, id: string | number) => `${kind}:${id}`;

export function createAuditNamesRepo(db: Db) {
  /** Names from the entries about the records themselves (a deleted asset's `asset.delete` holds its name). */
  async function fromHistory(kind: string, ids: string[], into: Map<string, string>) {
    if (ids.length === 0) return;
    const rows = await query<{ subject_id: string; before: unknown; after: unknown }>(
      db,
      sql`select subject_id, before, after from audit_log
          where subject_type = ${kind} and subject_id = any(${texts(ids)}::text[])
          order by id desc`,
    );
    for (const r of rows) {
      const name = snapshotName(r.before, r.after);
      if (name && !into.has(key(kind, r.subject_id))) into.set(key(kind, r.subject_id), name);
    }
  }

  return {
    /**
     * Names for the wanted references and subjects, keyed `kind:id`. `subjects` are (type, id) pairs
     * as entries store them; types this file does not know are left to the entry's own snapshot.
     */
    async names(
      refs: Map<NamedKind, Set<number>>,
      subjects: { type: string; id: string }[],
      locale: Locale,
    ): Promise<Map<string, string>> {
      const es = locale === 'es-MX';
      const out = new Map<string, string>();
      const wanted = new Map<string, Set<string>>();
      for (const [kind, ids] of refs) wanted.set(kind, new Set([...ids].map(String)));
      const bySubject = new Map<string, Set<string>>();
      for (const s of subjects) {
        const target = SUBJECTS[s.type] ? bySubject : isNamedKind(s.type) && /^\d+$/.test(s.id) ? wanted : null;
        if (!target) continue;
        target.set(s.type, (target.get(s.type) ?? new Set()).add(s.id));
      }
      const reads: Promise<void>[] = [];
      for (const [kind, idSet] of wanted) {
        if (!isNamedKind(kind)) continue;
        const ids = [...idSet].map(Number);
        reads.push(
          query<{ id: number; name: string }>(db, NAMERS[kind](ints(ids), es)).then(async (rows) => {
            for (const r of rows) out.set(key(kind, r.id), r.name);
            await fromHistory(
              kind,
              [...idSet].filter((id) => !out.has(key(kind, id))),
              out,
            );
          }),
        );
      }
      for (const [type, idSet] of bySubject) {
        const namer = SUBJECTS[type];
        if (!namer) continue;
        reads.push(
          query<{ id: string; name: string }>(db, namer([...idSet], es)).then((rows) => {
            for (const r of rows) out.set(key(`subject:${type}`, r.id), r.name);
          }),
        );
      }
      await Promise.all(reads);
      return out;
    },
  };
}

/** The key `names` answers a subject under. */
export const subjectKey = (type: string, id: string) => (SUBJECTS[type] ? key(`subject:${type}`, id) : key(type, id));

export type AuditNamesRepo = ReturnType<typeof createAuditNamesRepo>;
