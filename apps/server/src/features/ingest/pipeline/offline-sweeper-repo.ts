import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { query } from '../../../lib/sql.ts';
import { OFFLINE_SUBJECT } from '../../alarms/engine/state.ts';

export type SilentController = {
  id: number;
  mac_address: string;
  organization_id: number | null;
  location_id: number | null;
  device_address: string | null;
  warranty_expiry: string | null;
  last_seen_at: unknown;
  was_online: boolean;
};

/** The offline sweep's statements, each run in the sweep's transaction (the scheduler's, holding its lock). */
export function createOfflineSweeperRepo() {
  return {
    /**
     * Authorized controllers silent since before `cutoff` (their last message or authorization) that are
     * online, or lack the open offline alarm of rule `ruleId` (0: no rule); locked for the caller's
     * transaction, skipping those another sweep holds.
     */
    lockSilentControllers(cutoff: string, ruleId: number, tx: DbOrTx): Promise<SilentController[]> {
      return query<SilentController>(
        tx,
        sql`select c.id, c.mac_address, c.organization_id, c.location_id, c.device_address, c.warranty_expiry::text,
            c.last_seen_at, c.online as was_online
          from controllers c
          where c.authorised and greatest(c.last_seen_at, c.authorised_at) < ${cutoff}::timestamptz
            and (c.online or ${ruleId} > 0 and not exists (
              select 1 from alarms a where a.controller_id = c.id and a.alarm_type_id = ${ruleId}
                and a.subject = ${OFFLINE_SUBJECT} and a.status <> 'cleared'))
          for update of c skip locked`,
      );
    },

    /** Records that a sweep ran now (any instance's); answers when the one before it ran (null: never). */
    async recordSweepRun(now: Date, tx: DbOrTx): Promise<Date | null> {
      const [row] = await query<{ previous: string | null }>(
        tx,
        sql`with old as (select value from app_meta where key = 'offline_sweep_at')
        insert into app_meta (key, value) values ('offline_sweep_at', ${now.toISOString()})
        on conflict (key) do update set value = excluded.value
        returning (select value from old) as previous`,
      );
      return row?.previous ? new Date(row.previous) : null;
    },

    /** Pending controllers (not decommissioned) silent since before `cutoff` go offline. */
    markSilentPendingOffline(cutoff: string, tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`update controllers set online = false
    where not authorised and decommissioned_at is null and online and last_seen_at < ${cutoff}::timestamptz`);
    },

    markOffline(ids: number[], tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`update controllers set online = false where id = any(${sql.param(ids)}::int[])`);
    },
  };
}

export type OfflineSweeperRepo = ReturnType<typeof createOfflineSweeperRepo>;
