import type { HaccpQuery } from '@rcm/shared/reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { type CaseRef, caseColumns, caseFrom, caseRef, EXCURSION_STARTS, haccpBase } from './haccp-repo.ts';
import { num } from './row-values.ts';

/** A case over the whole range: hours logged, lowest, mean and highest, hours above the limit. */
export type HaccpCase = CaseRef & {
  hours: number;
  min: number | null;
  mean: number | null;
  max: number | null;
  hours_above: number;
  excursions: number;
};

/** The HACCP PDF's query: each case over the range. */
export function createHaccpCasesRepo(db: Db) {
  return {
    /** Each case of the HACCP log over the whole range: hours logged, lowest, mean and highest, hours above. */
    async haccpCases(scope: TenantScope, q: HaccpQuery): Promise<HaccpCase[]> {
      const rows = await query<Record<string, unknown>>(
        db,
        sql`with h as (${haccpBase(scope, q)}),
            g as (
              select location_id, controller_id, point, lim, count(*)::int as hours, min(min) as min, max(max) as max,
                sum(sum) / nullif(sum(count), 0) as mean, (count(*) filter (where max > lim))::int as hours_above,
                (count(*) filter (where starts))::int as excursions
              from (${EXCURSION_STARTS}) x group by location_id, controller_id, point, lim
            )
            select ${caseColumns('g')}, g.hours, g.min, g.max, g.mean, g.hours_above, g.excursions
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
        hours_above: num(r.hours_above),
        excursions: num(r.excursions),
      }));
    },
  };
}
