import type { HaccpAction, HaccpEntry, HaccpEntryKind, HaccpSignature } from '@rcm/shared/haccp';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { haccpEntries } from '../../db/schema-haccp.ts';
import { arr, jsonColumn, query } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { tenantWhere, utcBounds } from './filters.ts';
import { type CaseRef, caseColumns, caseFrom, caseRef, haccpBase, haccpLimit } from './haccp-repo.ts';
import { iso, num } from './row-values.ts';

/** An excursion of a case: consecutive hours whose highest reading is above the limit. */
export type ExcursionRow = CaseRef & { start: string; end: string; hours: number; peak: number };

type Range = { from: string; to: string; organization_id?: number | undefined; location_id?: number | undefined };

/**
 * The excursions of the range's case hours (`haccpBase`): an hour above the limit starts one unless
 * the hour before was above it too (gaps and islands over each case's hours). A run already going on
 * when the range begins keeps its real start: it is followed back through the rollups before the range
 * (hour by hour, as long as it lasts), so the excursion is the same one, with the same start, whatever
 * range it is read in (its corrective actions are keyed by that start). Its hours and peak count it whole.
 */
function excursionsSql(scope: TenantScope, q: Range): SQL {
  return sql`with h as (${haccpBase(scope, q)}),
    x as (
      select h.*, (h.max > h.lim) as over,
        case when h.max > h.lim and not coalesce(lag(h.max > h.lim) over w and lag(h.bucket) over w = h.bucket - interval '1 hour', false)
          then 1 else 0 end as starts
      from h window w as (partition by h.location_id, h.controller_id, h.point order by h.bucket)
    ),
    y as (select x.*, sum(x.starts) over (partition by x.location_id, x.controller_id, x.point order by x.bucket) as grp from x where x.over),
    r as (
      select location_id, controller_id, point, lim, min(bucket) as start, max(bucket) + interval '1 hour' as "end",
        count(*)::int as hours, max(max) as peak
      from y group by location_id, controller_id, point, lim, grp
    ),
    e as (
      select r.location_id, r.controller_id, r.point, r.lim, coalesce(b.start, r.start) as start, r."end",
        r.hours + b.n as hours, greatest(r.peak, b.peak) as peak
      from r cross join lateral (
        with recursive back(bucket, peak, n) as (
          select r.start, null::float8, 0
          union all
          select p.bucket, p.max, back.n + 1 from back
          join readings_hourly p on p.controller_id = r.controller_id and p.key = r.point
            and p.bucket = back.bucket - interval '1 hour' and p.max > r.lim
        )
        select min(bucket) as start, max(peak) as peak, max(n)::int as n from back
      ) b
    )
    select ${caseColumns('e')}, e.start, e."end", e.hours, e.peak
    ${caseFrom('e')}
    order by o.name, l.name, l.id, e.start, controller_name, e.point`;
}

const ENTRY_COLUMNS = sql`e.id, e.kind, e.organization_id, e.location_id, l.name as location_name, e.controller_id, e.point,
  e.excursion_start, e.period_from::text as period_from, e.period_to::text as period_to, e.text, e.taken_at,
  e.author_id, e.author_name, e.created_at, e.corrects_id, e.excursions, e.excursions_without_action, e.signature,
  (select min(c.id) from haccp_entries c where c.corrects_id = e.id) as corrected_by_id`;

function entryRow(r: Record<string, unknown>): HaccpEntry {
  return {
    id: num(r.id),
    kind: String(r.kind) as HaccpEntryKind,
    organization_id: num(r.organization_id),
    location_id: num(r.location_id),
    location_name: String(r.location_name),
    controller_id: r.controller_id == null ? null : num(r.controller_id),
    point: (r.point as string | null) ?? null,
    excursion_start: r.excursion_start == null ? null : iso(r.excursion_start),
    from: (r.period_from as string | null) ?? null,
    to: (r.period_to as string | null) ?? null,
    text: String(r.text),
    taken_at: iso(r.taken_at),
    author_id: r.author_id == null ? null : num(r.author_id),
    author_name: String(r.author_name),
    recorded_at: iso(r.created_at),
    corrects_id: r.corrects_id == null ? null : num(r.corrects_id),
    corrected_by_id: r.corrected_by_id == null ? null : num(r.corrected_by_id),
    excursions: r.excursions == null ? null : num(r.excursions),
    excursions_without_action: r.excursions_without_action == null ? null : num(r.excursions_without_action),
    signature: r.signature == null ? null : jsonColumn<HaccpSignature>(r.signature),
  };
}

/** An alarm's rich-text notes as plain text (the PDF and the log's list). */
export function notesText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-3]|\/blockquote|\/pre)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' · ');
}

/** The HACCP log's excursions and entries, every statement limited to the caller's scope. */
export function createHaccpLogRepo(db: Db) {
  return {
    /** Every excursion of the range, in the log's order. */
    async excursions(scope: TenantScope, q: Range): Promise<ExcursionRow[]> {
      const rows = await query<Record<string, unknown>>(db, excursionsSql(scope, q));
      return rows.map((r) => ({
        ...caseRef(r),
        start: iso(r.start),
        end: iso(r.end),
        hours: num(r.hours),
        peak: Math.round(num(r.peak) * 10) / 10,
      }));
    },

    /**
     * The corrective actions of these excursions: the log's own entries for the excursion, and the
     * notes of the case's alarms raised before the excursion ended and not cleared before it began,
     * with who last wrote them and when (the alarm's `alarm.notes` audit entry).
     */
    async actions(scope: TenantScope, excursions: ExcursionRow[]): Promise<Map<string, HaccpAction[]>> {
      const out = new Map<string, HaccpAction[]>();
      if (excursions.length === 0) return out;
      const keys = excursions.map((e) => excursionKey(e.controller_id, e.point, e.start));
      const ctl = arr(excursions.map((e) => e.controller_id));
      const pts = arr(excursions.map((e) => e.point));
      const starts = arr(excursions.map((e) => e.start));
      const ends = arr(excursions.map((e) => e.end));
      const logged = await query<Record<string, unknown>>(
        db,
        sql`select ${ENTRY_COLUMNS} from haccp_entries e join locations l on l.id = e.location_id
            where e.kind = 'corrective_action'
              and ${tenantWhere(scope, { org: sql`e.organization_id`, loc: sql`e.location_id` }, {})}
              and (e.controller_id, e.point, e.excursion_start) in (
                select * from unnest(${ctl}::int[], ${pts}::text[], ${starts}::timestamptz[]))
            order by e.taken_at, e.id`,
      );
      for (const r of logged) {
        const e = entryRow(r);
        push(out, excursionKey(e.controller_id ?? 0, e.point ?? '', e.excursion_start ?? ''), {
          source: 'log',
          id: e.id,
          text: e.text,
          author_name: e.author_name,
          taken_at: e.taken_at,
          corrects_id: e.corrects_id,
          corrected_by_id: e.corrected_by_id,
        });
      }
      const alarms = await query<Record<string, unknown>>(
        db,
        sql`select x.controller_id, x.point, x.start, a.ref, a.notes, n.created_at as noted_at, u.name as author_name
            from unnest(${ctl}::int[], ${pts}::text[], ${starts}::timestamptz[], ${ends}::timestamptz[])
              as x(controller_id, point, start, finish)
            join alarms a on a.controller_id = x.controller_id and a.subject = x.point
              and a.raised_at < x.finish and (a.cleared_at is null or a.cleared_at >= x.start) and a.notes <> ''
              and ${tenantWhere(scope, { org: sql`a.organization_id`, loc: sql`a.location_id` }, {})}
            left join lateral (
              select g.actor_user_id, g.created_at from audit_log g
              where g.action = 'alarm.notes' and g.subject_type = 'alarm' and g.subject_id = a.ref::text
              order by g.created_at desc, g.id desc limit 1
            ) n on true
            left join users u on u.id = n.actor_user_id
            order by x.start, a.raised_at, a.ref`,
      );
      for (const r of alarms) {
        const text = notesText(String(r.notes));
        if (!text) continue;
        push(out, excursionKey(num(r.controller_id), String(r.point), iso(r.start)), {
          source: 'alarm',
          id: num(r.ref),
          text,
          author_name: (r.author_name as string | null) ?? null,
          taken_at: r.noted_at == null ? null : iso(r.noted_at),
          corrects_id: null,
          corrected_by_id: null,
        });
      }
      for (const k of keys) if (!out.has(k)) out.set(k, []);
      return out;
    },

    /** The excursion of a case at a location that starts at `start`, if there is one. */
    async excursionAt(
      scope: TenantScope,
      target: { location_id: number; controller_id: number; point: string; start: Date },
    ): Promise<boolean> {
      const rows = await query<{ over: boolean; before: boolean | null }>(
        db,
        sql`select h.max > ${haccpLimit(sql`rp.unit`)} as over,
              (select p.max > ${haccpLimit(sql`rp.unit`)} from readings_hourly p
               where p.controller_id = h.controller_id and p.key = h.key and p.bucket = h.bucket - interval '1 hour') as before
            from readings_hourly h
            join controllers c on c.id = h.controller_id
            left join rack_points rp on rp.controller_id = h.controller_id and rp.addr = h.key
            where h.controller_id = ${target.controller_id} and h.key = ${target.point} and h.key ~ '\\.CASE[0-9]+$'
              and h.bucket = ${target.start.toISOString()}::timestamptz and c.location_id = ${target.location_id}
              and ${tenantWhere(scope, { org: sql`c.organization_id`, loc: sql`c.location_id` }, {})}`,
      );
      const [row] = rows;
      return Boolean(row?.over) && !row?.before;
    },

    /** A location in scope: its organization and name. */
    async location(
      scope: TenantScope,
      id: number,
    ): Promise<{ organizationId: number; name: string; timezone: string } | null> {
      const [row] = await query<{ organization_id: number; name: string; timezone: string }>(
        db,
        sql`select l.organization_id, l.name, l.timezone from locations l
            where l.id = ${id} and ${tenantWhere(scope, { org: sql`l.organization_id`, loc: sql`l.id` }, {})}`,
      );
      return row
        ? { organizationId: num(row.organization_id), name: String(row.name), timezone: String(row.timezone) }
        : null;
    },

    /** An entry in scope; `lock` holds its row until the transaction ends (one correction each). */
    async entry(scope: TenantScope, id: number, on: Db | Tx = db, lock = false): Promise<HaccpEntry | null> {
      const [row] = await query<Record<string, unknown>>(
        on,
        sql`select ${ENTRY_COLUMNS} from haccp_entries e join locations l on l.id = e.location_id
            where e.id = ${id} and ${tenantWhere(scope, { org: sql`e.organization_id`, loc: sql`e.location_id` }, {})}
            ${lock ? sql`for update of e` : sql``}`,
      );
      return row ? entryRow(row) : null;
    },

    async insert(tx: Tx, values: typeof haccpEntries.$inferInsert): Promise<number> {
      const [row] = await tx.insert(haccpEntries).values(values).returning({ id: haccpEntries.id });
      if (!row) throw new Error('haccp entry insert returned nothing');
      return row.id;
    },

    /**
     * A page of the entries touching the range (actions taken in it, sign-offs overlapping it), the
     * oldest first, and how many there are; without `page` all of them.
     */
    async entries(
      scope: TenantScope,
      q: Range & { kind?: HaccpEntryKind | undefined },
      page: { limit: number; offset: number } | null,
    ): Promise<{ rows: HaccpEntry[]; total: number }> {
      const { start, end } = utcBounds(q);
      const lo = new Date(start.getTime() - 86_400_000).toISOString();
      const hi = new Date(end.getTime() + 86_400_000).toISOString();
      const where = sql`${tenantWhere(scope, { org: sql`e.organization_id`, loc: sql`e.location_id` }, q)}
        ${q.kind ? sql`and e.kind = ${q.kind}` : sql``}
        and (
          (e.kind = 'sign_off' and e.period_from <= ${q.to}::date and e.period_to >= ${q.from}::date)
          or (e.kind = 'corrective_action'
            and (coalesce(e.excursion_start, e.taken_at) at time zone l.timezone)::date between ${q.from}::date and ${q.to}::date
            and coalesce(e.excursion_start, e.taken_at) >= ${lo}::timestamptz and coalesce(e.excursion_start, e.taken_at) < ${hi}::timestamptz)
        )`;
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select ${ENTRY_COLUMNS}, count(*) over () as total from haccp_entries e join locations l on l.id = e.location_id
            where ${where}
            order by l.name, l.id, e.kind desc, e.taken_at, e.id
            ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
      );
      let total = rows[0] ? num(rows[0].total) : 0;
      if (!rows[0] && page && page.offset > 0) {
        const [c] = await query<{ n: number }>(
          db,
          sql`select count(*)::int as n from haccp_entries e join locations l on l.id = e.location_id where ${where}`,
        );
        total = num(c?.n);
      }
      return { rows: rows.map(entryRow), total };
    },
  };
}

export type HaccpLogRepo = ReturnType<typeof createHaccpLogRepo>;

/** How an excursion is found again: its case and first hour. */
export const excursionKey = (controllerId: number, point: string, start: string) => `${controllerId}|${point}|${start}`;

function push<K, V>(m: Map<K, V[]>, k: K, v: V) {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
