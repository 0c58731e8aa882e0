import type { HaccpQuery } from '@rcm/shared/reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { type CaseRef, caseColumns, caseFrom, caseRef, haccpBase } from './haccp-repo.ts';
import { iso, num } from './row-values.ts';

/** A case over the whole range: hours logged, lowest, mean and highest, hours above the limit. */
export type HaccpCase = CaseRef & {
  hours: number;
  min: number | null;
  mean: number | null;
  max: number | null;
  excursions: number;
};

/** The HACCP PDF's queries: each case over the range and its hours above the limit. */
export function createHaccpCasesRepo(db: Db) {
  return {
    /** Each case of the HACCP log over the whole range: hours logged, lowest, mean and highest, hours above. */
    async haccpCases(scope: TenantScope, q: HaccpQuery): Promise<HaccpCase[]> {
      const rows = await query<Record<string, unknown>>(
        db,
        sql`with h as (${haccpBase(scope, q)}),
            g as (
              select location_id, controller_id, point, lim, count(*)::int as hours, min(min) as min, max(max) as max,
                sum(sum) / nullif(sum(count), 0) as mean, (count(*) filter (where max > lim))::int as excursions
              from h group by location_id, controller_id, point, lim
            )
            select ${caseColumns('g')}, g.hours, g.min, g.max, g.mean, g.excursions
            ${caseFrom('g')}
            order by o.name, l.name, l.id, controller_name, g.point`,
      );
      const t = (v: unknown) => (v == null ? null : Math.round(num(v) * 10) / 10);
      return rows.map((r) => ({
        ...caseRef(r),
        hours: num(r.hours),
        min: t(r.min),
        mean: t(r.mean),
        max: t(r.max),
        excursions: num(r.excursions),
      }));
    },

    /** Hours above the limit, each case's in time order (one row an hour). */
    async haccpExcursionHours(
      scope: TenantScope,
      q: HaccpQuery,
    ): Promise<(CaseRef & { bucket: string; max: number })[]> {
      const rows = await query<Record<string, unknown>>(
        db,
        sql`with h as (${haccpBase(scope, q)})
            select ${caseColumns('h')}, h.bucket, h.max
            ${caseFrom('h')}
            where h.max > h.lim
            order by o.name, l.name, l.id, controller_name, h.point, h.bucket`,
      );
      return rows.map((r) => ({ ...caseRef(r), bucket: iso(r.bucket), max: Math.round(num(r.max) * 10) / 10 }));
    },
  };
}
