import { type SQL, sql } from 'drizzle-orm';

/**
 * A claiming UPDATE's head: the CTE `due`, the ids of `table`'s queued rows whose next attempt is due
 * by `now`, the earliest first, at most `limit`, locked `FOR UPDATE SKIP LOCKED` so that racing
 * instances never claim one row twice. The UPDATE that follows joins `due` and moves the rows' next
 * attempt past a lease.
 */
export function dueQueued(table: 'alarm_pages' | 'webhook_deliveries', now: Date, limit: number): SQL {
  return sql`with due as (
    select id from ${sql.raw(table)}
    where status = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
    order by next_attempt_at limit ${limit} for update skip locked)`;
}
