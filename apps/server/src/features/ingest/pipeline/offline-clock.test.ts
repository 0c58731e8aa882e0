import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../../lib/sql.ts';
import { admin, t, useAdminApp } from '../../../test/admin-app.ts';
import { headers } from '../../../test/helpers.ts';
import { sweepOffline } from './offline-sweeper.ts';
import { createOfflineSweeperRepo } from './offline-sweeper-repo.ts';

const sweeps = createOfflineSweeperRepo();

useAdminApp();

const MINUTE = 60_000;
const at = (minutes: number) => new Date(t.clock.now.getTime() + minutes * MINUTE);

async function state(id: number) {
  const [row] = await query<{ online: boolean; offline_alarms: number }>(
    t.database.db,
    sql`select c.online, (select count(*)::int from alarms a join alarm_types ty on ty.id = a.alarm_type_id
          where a.controller_id = c.id and ty.code = 'CONTROLLER_OFFLINE') as offline_alarms
        from controllers c where c.id = ${id}`,
  );
  return row;
}

describe('the offline clock', () => {
  it('a silent pending controller is shown offline; once authorized it has the delay before it is called offline', async () => {
    const [pending] = await query<{ id: number }>(
      t.database.db,
      sql`insert into controllers (mac_address, authorised, online, last_seen_at)
          values ('02:99:00:00:0c:01', false, true, ${at(-33).toISOString()}::timestamptz) returning id`,
    );
    const id = pending?.id ?? 0;
    await sweepOffline(sweeps, t.database.db, at(0));
    expect(await state(id)).toEqual({ online: false, offline_alarms: 0 });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/controllers/${id}/authorise`,
      headers: headers(admin),
      payload: { organization_id: 2, location_id: 2, name: 'Just installed' },
    });
    expect(res.statusCode).toBe(200);
    // Its last message was 33 minutes ago, but the installer has the offline delay (10 minutes) from now.
    await sweepOffline(sweeps, t.database.db, at(1));
    expect((await state(id))?.offline_alarms).toBe(0);
    await sweepOffline(sweeps, t.database.db, at(11));
    expect((await state(id))?.offline_alarms).toBe(1);
  });
});
