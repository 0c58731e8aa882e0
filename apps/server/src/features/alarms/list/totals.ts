import type { Db } from '../../../db/client.ts';
import { frag } from '../../../db/statement.ts';
import { query } from '../../../lib/sql.ts';

/**
 * Staff's alarm counts (every organization): `alarm_totals` plus the changes not folded in yet.
 * Folding moves changes into the totals in one statement, so any snapshot sees each change in
 * exactly one of the two tables. Filter it like `alarm_counters` (status, warranty, severity).
 */
export const ALARM_TOTALS_FROM = frag`(select status, warranty, severity, count from alarm_totals
  union all select status, warranty, severity, delta from alarm_total_changes) t`;

/**
 * Folds the appended changes into `alarm_totals` (the `alarm-totals` task, every 2 s). Safe to run
 * anywhere at any time: a change is deleted, and so added, by one fold only.
 * Returns how many changes it folded.
 */
export async function foldAlarmTotals(db: Db): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    frag`with moved as (delete from alarm_total_changes returning status, warranty, severity, delta),
        summed as (select status, warranty, severity, sum(delta) as n, count(*) as changes from moved group by 1, 2, 3),
        folded as (insert into alarm_totals as t (status, warranty, severity, count)
          select status, warranty, severity, n from summed
          on conflict (status, warranty, severity) do update set count = t.count + excluded.count)
      select coalesce(sum(changes), 0)::int as n from summed`.toDrizzle(),
  );
  return row?.n ?? 0;
}
