import type { DbOrTx } from '../../../db/client.ts';
import type { ControllerScope } from '../../../events/bus.ts';
import { toIso } from '../../../lib/sql.ts';
import type { DeviceRecord } from '../pipeline/device-registry.ts';
import type { GatewayRepo } from '../pipeline/gateway-repo.ts';
import type { BatchItem, BatchOutcome } from './batch-item.ts';
import type { WriterRepo } from './writer-repo.ts';

type StatusItem = Extract<BatchItem, { channel: 'status' }>;
type TelemetryItem = Extract<BatchItem, { channel: 'telemetry' }>;
type OfflineChild = Awaited<ReturnType<GatewayRepo['markChildrenOffline']>>[number];

const scopeOf = (d: DeviceRecord): ControllerScope => ({
  controllerId: d.id,
  organizationId: d.organizationId,
  locationId: d.locationId,
});

/**
 * A batch's status messages, in the caller's transaction: a gateway's status for its page, a child's
 * offline reason, a controller's model, firmware and addresses; the children of a gateway that went
 * offline go offline with it (answered, for their events).
 */
export async function writeStatuses(
  repos: { writer: WriterRepo; gateways: GatewayRepo },
  tx: DbOrTx,
  items: readonly BatchItem[],
  now: Date,
): Promise<OfflineChild[]> {
  const gatewaysOffline: number[] = [];
  for (const status of items.filter((i) => i.channel === 'status') as StatusItem[]) {
    const m = status.message;
    if (status.gateway) {
      await repos.gateways.storeGatewayStatus(status.device.id, status.gateway, now, tx);
      status.device.kind = 'gateway';
    }
    if (status.device.kind === 'gateway' && !m.online) gatewaysOffline.push(status.device.id);
    if (status.device.gatewayId !== null) {
      // A child's model, address and endpoint are its gateway's birth's (profile, unit id, bus).
      if (!m.online && status.reason) await repos.gateways.setOfflineReason(status.device.id, status.reason, tx);
    } else if (m.model || m.firmware || m.vendor_endpoint || m.device_address) {
      await repos.writer.updateDeviceInfo(status.device.id, m, tx);
      // The cached record raises this controller's next alarms: they carry the new address.
      if (m.device_address) status.device.deviceAddress = m.device_address;
    }
  }
  return gatewaysOffline.length > 0 ? repos.gateways.markChildrenOffline(gatewaysOffline, tx) : [];
}

/** A `controller.status` event for each controller whose online state the batch changed, its gateway's children included. */
export function statusEvents(
  outcome: BatchOutcome,
  batch: {
    items: readonly BatchItem[];
    devices: ReadonlyMap<number, DeviceRecord>;
    onlineNow: ReadonlyMap<number, boolean>;
    childrenOffline: readonly OfflineChild[];
    now: Date;
  },
): void {
  const reasons = new Map<number, NonNullable<StatusItem['reason']>>();
  for (const item of batch.items)
    if (item.channel === 'status' && item.reason) reasons.set(item.device.id, item.reason);
  for (const [id, online] of batch.onlineNow) {
    const device = batch.devices.get(id) as DeviceRecord;
    if (device.online === online) continue;
    outcome.online.set(device.mac, online);
    outcome.events.push({
      name: 'controller.status',
      args: [
        {
          ...scopeOf(device),
          online,
          lastSeenAt: batch.now.toISOString(),
          ...(device.gatewayId !== null && { offlineReason: online ? null : (reasons.get(id) ?? null) }),
        },
      ],
    });
  }
  for (const child of batch.childrenOffline) {
    outcome.online.set(child.mac_address, false);
    if (!child.was_online) continue;
    outcome.events.push({
      name: 'controller.status',
      args: [
        {
          controllerId: child.id,
          organizationId: child.organization_id,
          locationId: child.location_id,
          online: false,
          lastSeenAt: toIso(child.last_seen_at),
          offlineReason: 'gateway_offline',
        },
      ],
    });
  }
}

/**
 * One `rack.telemetry` per controller and batch, its newest live message: the realtime bridge sends
 * at most one a second per controller anyway, the latest.
 */
export function telemetryEvents(outcome: BatchOutcome, telemetry: readonly TelemetryItem[]): void {
  const newest = new Map<number, TelemetryItem>();
  for (const item of telemetry) {
    if (item.message.historical) continue;
    const seen = newest.get(item.device.id);
    if (!seen || seen.message.ts <= item.message.ts) newest.set(item.device.id, item);
  }
  for (const item of newest.values()) {
    outcome.events.push({
      name: 'rack.telemetry',
      // As they came: the realtime bridge keeps at most one a second per controller and copies only
      // what it sends.
      args: [{ ...scopeOf(item.device), ts: item.message.ts, racks: item.message.racks }],
    });
  }
}
