import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { alarms } from '../../../db/schema-alarms.ts';

/** An alarm's id and where it sits: what another feature checks the caller's scope against. */
export type AlarmPlace = { id: number; organizationId: number; locationId: number | null; controllerId: number };

export function createAlarmPlaceRepo(db: DbOrTx) {
  return {
    /** The alarm of this ref, undefined when there is none. */
    async byRef(ref: number): Promise<AlarmPlace | undefined> {
      const [row] = await db
        .select({
          id: alarms.id,
          organizationId: alarms.organizationId,
          locationId: alarms.locationId,
          controllerId: alarms.controllerId,
        })
        .from(alarms)
        .where(eq(alarms.ref, ref));
      return row;
    },
  };
}

export type AlarmPlaceRepo = ReturnType<typeof createAlarmPlaceRepo>;
