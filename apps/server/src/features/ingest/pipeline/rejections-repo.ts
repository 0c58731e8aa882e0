import type { DeviceChannel, DeviceRejectProblem, DeviceRejectReason } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { ints, texts } from '../../../lib/sql.ts';

/** A controller's messages refused since the last write: how many, and the last one. */
export type RejectionTally = {
  mac: string;
  count: number;
  at: Date;
  channel: DeviceChannel;
  reason: DeviceRejectReason;
  problem: DeviceRejectProblem | null;
  field: string | null;
};

/** The refusals' counts per controller. */
export function createRejectionsRepo(db: Db) {
  return {
    /**
     * Adds the tallies to their controllers' counts and makes each one's last refusal the latest, in one
     * statement for all of them. A MAC with no controller in service (decommissioned meanwhile) adds nothing.
     */
    add(tallies: readonly RejectionTally[], on: DbOrTx = db): Promise<unknown> {
      return on.execute(sql`insert into controller_rejections
            (controller_id, count, last_at, last_channel, last_reason, last_problem, last_field)
          select c.id, r.n, r.at, r.channel, r.reason, r.problem, r.field
          from unnest(${texts(tallies.map((t) => t.mac))}::text[], ${ints(tallies.map((t) => t.count))}::int[],
                      ${texts(tallies.map((t) => t.at.toISOString()))}::timestamptz[],
                      ${texts(tallies.map((t) => t.channel))}::text[], ${texts(tallies.map((t) => t.reason))}::text[],
                      ${texts(tallies.map((t) => t.problem))}::text[], ${texts(tallies.map((t) => t.field))}::text[])
            as r(mac, n, at, channel, reason, problem, field)
          join controllers c on c.mac_address = r.mac and c.decommissioned_at is null
          on conflict (controller_id) do update set count = controller_rejections.count + excluded.count,
            last_at = excluded.last_at, last_channel = excluded.last_channel, last_reason = excluded.last_reason,
            last_problem = excluded.last_problem, last_field = excluded.last_field`);
    },
  };
}

export type RejectionsRepo = ReturnType<typeof createRejectionsRepo>;
