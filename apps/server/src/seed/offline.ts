import { demoMac } from '@rcm/shared/demo';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { offlineReasons } from '../features/alarms/engine/reasons.ts';
import { OFFLINE_SUBJECT } from '../features/alarms/engine/state.ts';
import { arr, query, toDate } from '../lib/sql.ts';
import { DEMO_CONTROLLERS, isSilentDemoController } from './demo-controllers.ts';

const MINUTE = 60_000;

/**
 * The offline alarms of the demo's silent controllers, raised when each had been silent for the offline
 * rule's minutes (as the sweep would have raised them), every other one acknowledged by the technician
 * soon after: the demo opens on controllers that went offline before it started, not on alarms raised by its start.
 */
export async function seedSilentOffline(db: Db): Promise<void> {
  const [rule] = await query<{ id: number; name: string; name_es: string; threshold: number | null; severity: string }>(
    db,
    sql`select id, name, name_es, threshold, severity from alarm_types where source = 'offline' and enabled
        order by id limit 1`,
  );
  const [technician] = await query<{ id: number }>(
    db,
    sql`select id from users where email = 'technician@example.com'`,
  );
  if (!rule) return;
  const minutes = rule.threshold ?? 10;
  const { reason, reasonEs } = offlineReasons({ name: rule.name, nameEs: rule.name_es }, minutes);
  const macs = Array.from({ length: DEMO_CONTROLLERS }, (_, i) => i)
    .filter(isSilentDemoController)
    .map(demoMac);
  const silent = await query<{
    id: number;
    organization_id: number;
    location_id: number | null;
    device_address: string | null;
    last_seen_at: unknown;
  }>(
    db,
    sql`select id, organization_id, location_id, device_address, last_seen_at from controllers
        where mac_address = any(${arr(macs)}::text[]) and authorised and not online and organization_id is not null`,
  );
  for (const [i, c] of silent.entries()) {
    const raisedAt = new Date(toDate(c.last_seen_at).getTime() + minutes * MINUTE);
    // Every other one is still waiting for somebody.
    const acknowledgedAt = i % 2 === 1 ? new Date(raisedAt.getTime() + 4 * MINUTE) : null;
    await db.execute(sql`insert into alarms (alarm_type_id, controller_id, organization_id, location_id, subject,
        device_address, reason, reason_es, severity, status, raised_at, registered_at, last_occurrence_at,
        acknowledged_at, acknowledged_by)
      values (${rule.id}, ${c.id}, ${c.organization_id}, ${c.location_id}, ${OFFLINE_SUBJECT}, ${c.device_address},
        ${reason}, ${reasonEs}, ${rule.severity}, ${acknowledgedAt ? 'acknowledged' : 'active'},
        ${raisedAt.toISOString()}::timestamptz, ${raisedAt.toISOString()}::timestamptz,
        ${raisedAt.toISOString()}::timestamptz, ${acknowledgedAt?.toISOString() ?? null}::timestamptz,
        ${acknowledgedAt ? (technician?.id ?? null) : null})`);
  }
}
