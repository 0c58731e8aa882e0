import type { DbOrTx } from '../../../db/client.ts';
import type { QueuedEvent } from '../../../events/bus.ts';
import { toIso } from '../../../lib/sql.ts';
import { type AlarmDevice, applyDecisions } from '../../alarms/engine/apply.ts';
import { type Decision, raise } from '../../alarms/engine/engine.ts';
import { offlineReasons } from '../../alarms/engine/reasons.ts';
import { loadRules } from '../../alarms/engine/rules-cache.ts';
import { OFFLINE_SUBJECT } from '../../alarms/engine/state.ts';
import { createMaintenanceRepo } from '../../maintenance/repo.ts';
import type { OfflineSweeperRepo } from './offline-sweeper-repo.ts';

type SweepEvent = QueuedEvent<'alarm.raised' | 'alarm.updated' | 'controller.status'>;

/** No sweep for this long before an instance starts: the deployment was down (sweeps run every 30 s). */
const DOWN_AFTER_MS = 2 * 60_000;

/**
 * The start to give every controller the offline delay from, decided at an instance's first sweep:
 * its own start when no instance had swept for a while before it (the deployment was down, so no
 * device could reach it); none when another instance was sweeping (and receiving) all along, or on a
 * database never swept (nothing was down).
 */
export function graceSince(previousSweep: Date | null, startedAt: Date): Date | null {
  if (!previousSweep || startedAt.getTime() - previousSweep.getTime() <= DOWN_AFTER_MS) return null;
  return startedAt;
}

/**
 * Authorized controllers silent for longer than the offline rule's minutes (default 10) are marked
 * offline and get a CONTROLLER_OFFLINE alarm; their next message clears it (ingest writer). The clock
 * starts at the last message or the authorization, whichever is later: an installer needs the delay
 * to enter the new key. A server that has just started gives every controller that delay too
 * (`startedAt`): while it was down no device could reach it, and the fleet is still reconnecting.
 * Runs in the caller's transaction (the scheduler's, holding the job's advisory lock) and reads
 * only through it: on PGlite's single connection, any other query or transaction would wait forever.
 */
export async function sweepOffline(
  repo: OfflineSweeperRepo,
  tx: DbOrTx,
  now: Date,
  opts: { startedAt?: Date } = {},
): Promise<{ events: SweepEvent[]; macs: string[] }> {
  const rule = (await loadRules(tx)).find((r) => r.source === 'offline' && r.enabled);
  const minutes = rule?.threshold ?? 10;
  const cutoffMs = now.getTime() - minutes * 60_000;
  if (opts.startedAt && opts.startedAt.getTime() > cutoffMs) return { events: [], macs: [] };
  const cutoff = new Date(cutoffMs).toISOString();
  const silent = await repo.lockSilentControllers(cutoff, rule?.id ?? 0, tx);
  // A pending controller that went silent is offline too (it raises nothing: it is nobody's yet).
  await repo.markSilentPendingOffline(cutoff, tx);
  const events: SweepEvent[] = [];
  if (silent.length === 0) return { events, macs: [] };
  await repo.markOffline(
    silent.map((s) => s.id),
    tx,
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
