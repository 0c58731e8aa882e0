import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../../lib/sql.ts';
import { demoMac } from '../../../test/alarms.ts';
import { usePipelineDatabase } from '../../../test/pipeline.ts';

const fx = usePipelineDatabase();
const { clock, ingest } = fx;

/** A message of rack A with one case point, defrosting or not. */
function caseMessage(at: Date, air: number, defrost: boolean, n: number) {
  return {
    msg_id: `retry-${n}`,
    ts: at.toISOString(),
    racks: [
      {
        ref: 'A',
        name: 'Rack A',
        points: [
          {
            addr: 'A.CASE1',
            name: 'Case 1 Temperature',
            value: air,
            unit: '°F',
            set_point: 35,
            status: defrost ? 'defrost' : 'ok',
          },
        ],
      },
    ],
  };
}

describe('a failed ingest batch and the case state', () => {
  it('takes the controller up again from the database: the retried batch records the defrost it brings', async () => {
    const { pipeline } = ingest(1);
    const mac = demoMac(13);
    const start = clock.now.getTime();
    const at = (m: number) => new Date(start + m * 60_000);
    await pipeline.submit(mac, 'telemetry', caseMessage(at(0), 35, false, 0));
    // The first write of the next batch fails after the engine took its reading (the defrost's start),
    // as a lost connection would; the retry succeeds.
    await fx.database.db.execute(sql`create sequence case_retry_fail`);
    await fx.database.db.execute(sql`create function case_retry_fail() returns trigger language plpgsql as $$
      begin if nextval('case_retry_fail') = 1 then raise exception 'injected failure'; end if; return new; end $$`);
    await fx.database.db.execute(sql`create trigger case_retry_fail before insert on case_events
      for each row execute function case_retry_fail()`);
    for (let m = 1; m <= 5; m++) await pipeline.submit(mac, 'telemetry', caseMessage(at(m), 46, true, m));
    await pipeline.submit(mac, 'telemetry', caseMessage(at(6), 44, false, 6));
    const periods = await query<{ started_at: string; ended_at: string | null }>(
      fx.database.db,
      sql`select e.started_at::text, e.ended_at::text from case_events e join controllers c on c.id = e.controller_id
          where c.mac_address = ${mac} and e.kind = 'defrost'`,
    );
    expect(periods).toEqual([{ started_at: '2026-11-22 08:01:00+00', ended_at: '2026-11-22 08:06:00+00' }]);
    // The failure did happen (the trigger ran more than once).
    const [failed] = await query<{ n: number }>(fx.database.db, sql`select last_value::int as n from case_retry_fail`);
    expect(failed?.n).toBeGreaterThan(1);
    await fx.database.db.execute(sql`drop trigger case_retry_fail on case_events`);
  });
});
