import type { StatusMessage } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { arr, ints, query, texts } from '../../../lib/sql.ts';

/**
 * The ingest writer's statements (message ids, controllers), each run in the ingest batch's
 * transaction; each returns the driver's promise itself (no async wrapper, so no await of its own).
 */
export function createWriterRepo() {
  return {
    /**
     * Records each (controller, msg_id) pair in `ingest_messages`; answers with the positions (0-based,
     * in the arrays' order) of the pairs already there, usually none.
     */
    insertMessageIds(ids: number[], msgIds: string[], tx: DbOrTx): Promise<{ n: number }[]> {
      return query<{ n: number }>(
        tx,
        sql`with input as (select * from unnest(${ints(ids)}::int[], ${texts(msgIds)}::text[]) with ordinality as u(c, m, n)),
          fresh as (insert into ingest_messages (controller_id, msg_id) select c, m from input
            on conflict do nothing returning controller_id, msg_id)
          select (n - 1)::int as n from input
          where not exists (select 1 from fresh f where f.controller_id = input.c and f.msg_id = input.m)`,
      );
    },

    /**
     * Sets the controllers' online flag (from `online`, by id) and their last_seen_at to `now`; one back
     * online has no offline reason any more.
     */
    markControllersSeen(now: Date, ids: number[], online: ReadonlyMap<number, boolean>, tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`update controllers c set online = v.online, last_seen_at = ${now.toISOString()}::timestamptz,
        offline_reason = case when v.online then null else c.offline_reason end
      from unnest(${ints(ids)}::int[], ${arr(ids.map((id) => online.get(id)))}::bool[]) as v(id, online)
      where c.id = v.id`);
    },

    /** Stores what a status message says about the device (what it leaves out stays as it is). */
    updateDeviceInfo(id: number, m: StatusMessage, tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`update controllers set device_model = coalesce(${m.model ?? null}, device_model),
        firmware = coalesce(${m.firmware ?? null}, firmware), vendor_endpoint = coalesce(${m.vendor_endpoint ?? null}, vendor_endpoint),
        device_address = coalesce(${m.device_address ?? null}, device_address)
        where id = ${id}`);
    },
  };
}

export type WriterRepo = ReturnType<typeof createWriterRepo>;
