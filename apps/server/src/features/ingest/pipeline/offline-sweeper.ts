import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { QueuedEvent } from '../../../events/bus.ts';
import { query, toIso } from '../../../lib/sql.ts';
import { type AlarmDevice, applyDecisions } from '../../alarms/apply.ts';
import { type Decision, raise } from '../../alarms/engine.ts';
import { offlineReasons } from '../../alarms/reasons.ts';
import { loadRules } from '../../alarms/rules-cache.ts';
import { OFFLINE_SUBJECT } from '../../alarms/state.ts';
import { createMaintenanceRepo } from '../../maintenance/repo.ts';

type SweepEvent = QueuedEvent<'alarm.raised' | 'alarm.updated' | 'controller.status'>;

/**
 * Authorised controllers silent for longer than the offline rule's minutes (default 10) are marked
 * offline and get a CONTROLLER_OFFLINE alarm; their next message clears it (ingest writer). The clock
 * starts at the last message or the authorisation, whichever is later: an installer needs the delay
 * to enter the new key.
 * Runs in the caller's transaction (the scheduler's, holding the job's advisory lock) and reads
 * only through it: on PGlite's single connection, any other query or transaction would wait forever.
 */
export async function sweepOffline(tx: DbOrTx, now: Date): Promise<{ events: SweepEvent[]; macs: string[] }> {
  const rule = (await loadRules(tx)).find((r) => r.source === 'offline' && r.enabled);
  const minutes = rule?.threshold ?? 10;
  const cutoff = new Date(now.getTime() - minutes * 60_000).toISOString();
  const silent = await query<{
    id: number;
    mac_address: string;
    organization_id: number | null;
    location_id: number | null;
    device_address: string | null;
    warranty_expiry: string | null;
    last_seen_at: unknown;
    was_online: boolean;
  }>(
    tx,
    sql`select c.id, c.mac_address, c.organization_id, c.location_id, c.device_address, c.warranty_expiry::text,
            c.last_seen_at, c.online as was_online
          from controllers c
          where c.authorised and greatest(c.last_seen_at, c.authorised_at) < ${cutoff}::timestamptz
            and (c.online or ${rule?.id ?? 0} > 0 and not exists (
              select 1 from alarms a where a.controller_id = c.id and a.alarm_type_id = ${rule?.id ?? 0}
                and a.subject = ${OFFLINE_SUBJECT} and a.status <> 'cleared'))
          for update of c skip locked`,
  );
  // A pending controller that went silent is offline too (it raises nothing: it is nobody's yet).
  await tx.execute(sql`update controllers set online = false
    where not authorised and decommissioned_at is null and online and last_seen_at < ${cutoff}::timestamptz`);
  const events: SweepEvent[] = [];
  if (silent.length === 0) return { events, macs: [] };
  await tx.execute(
    sql`update controllers set online = false where id = any(${sql.param(silent.map((s) => s.id))}::int[])`,
  );
  const decisions = new Map<number, Decision[]>();
  const devices = new Map<number, AlarmDevice>();
  for (const c of silent) {
    devices.set(c.id, {
      id: c.id,
      organizationId: c.organization_id,
      locationId: c.location_id,
      deviceAddress: c.device_address,
      warrantyExpiry: c.warranty_expiry,
    });
    if (rule) {
      decisions.set(c.id, [
        raise(rule, {
          subject: OFFLINE_SUBJECT,
          rackRef: null,
          value: null,
          at: now,
          reasons: offlineReasons(rule, minutes),
        }),
      ]);
    }
    if (c.was_online) {
      events.push({
        name: 'controller.status',
        args: [
          {
            controllerId: c.id,
            organizationId: c.organization_id,
            locationId: c.location_id,
            online: false,
            lastSeenAt: toIso(c.last_seen_at),
          },
        ],
      });
    }
  }
  // Windows read through the job's transaction (PGlite has one connection).
  const windows = decisions.size > 0 ? await createMaintenanceRepo(tx).inForce(tx, now) : [];
  events.push(...(await applyDecisions(tx, { decisions, devices, now, windows })));
  return { events, macs: silent.map((s) => s.mac_address) };
}
