import { randomBytes } from 'node:crypto';
import { compactMac, type DeviceAlarmMessage, type StatusMessage, type TelemetryMessage } from '@rcm/shared/device';
import type { ChildOfflineReason, ChildStatusMessage } from '@rcm/shared/gateway';
import type { Reading } from './reading.ts';
import type { Child } from './setup.ts';

/** Message ids unique across restarts: a random part per run, a counter within it. */
export function msgIdFactory(mac: string): () => string {
  const run = randomBytes(4).toString('hex');
  let counter = 0;
  return () => `${compactMac(mac)}-${run}-${++counter}`;
}

const METRIC_ROLES = new Set(['superheat', 'liquid_level', 'oil_pressure']);

/** The case point's address in telemetry: the device's `addr`, or `{rack}.CASE{unit_id}` (the console's case alarm and rules know a case point by a last segment starting with `CASE`). */
export function caseAddr(child: Child): string {
  return child.device.addr ?? `${child.device.rack}.CASE${child.device.unit_id}`;
}

/**
 * A reading as the device protocol's telemetry. The `case_air` point carries the case: its address,
 * the set point and the controller's state as its status; pack roles are the rack's metrics; every
 * other point is `{addr}.{key}`.
 */
export function telemetryOf(child: Child, reading: Reading, msgId: string): TelemetryMessage {
  const { profile, device } = child;
  const base = caseAddr(child);
  const setpoint = profile.points.find((p) => p.role === 'setpoint');
  const hasCase = profile.points.some((p) => p.role === 'case_air');
  const metrics: Record<string, number> = {};
  const points: TelemetryMessage['racks'][number]['points'] = [];
  for (const p of profile.points) {
    const value = reading.values[p.key] ?? null;
    if (METRIC_ROLES.has(p.role)) {
      if (value !== null) metrics[p.role] = value;
      continue;
    }
    if (p.role === 'setpoint' && hasCase) continue;
    if (p.role === 'case_air') {
      points.push({
        addr: base,
        name: device.name,
        value,
        ...(p.unit !== undefined && { unit: p.unit }),
        set_point: setpoint ? (reading.values[setpoint.key] ?? null) : null,
        status: reading.state,
      });
    } else {
      points.push({
        addr: `${base}.${p.key}`.slice(0, 64),
        name: p.name,
        value,
        ...(p.unit !== undefined && { unit: p.unit }),
        status: 'ok',
      });
    }
  }
  return {
    msg_id: msgId,
    ts: reading.at.toISOString(),
    racks: [{ ref: device.rack, name: device.name, metrics, points }],
  };
}

/** The alarm messages for the change from `before` to `reading.alarms`. */
export function alarmChanges(
  child: Child,
  before: ReadonlySet<string>,
  reading: Reading,
  msgId: () => string,
): DeviceAlarmMessage[] {
  const out: DeviceAlarmMessage[] = [];
  const ts = reading.at.toISOString();
  for (const alarm of child.profile.alarms) {
    const now = reading.alarms.has(alarm.code);
    if (now === before.has(alarm.code)) continue;
    out.push({
      msg_id: msgId(),
      ts,
      code: alarm.code,
      rack: child.device.rack,
      addr: caseAddr(child),
      severity: alarm.severity,
      state: now ? 'raised' : 'cleared',
      ...(alarm.name !== undefined && { reason: alarm.name }),
    });
  }
  return out;
}

export function childOnlineStatus(child: Child): StatusMessage {
  return {
    online: true,
    model: `${child.profile.vendor} ${child.profile.model}`.slice(0, 120),
    vendor_endpoint: child.endpoint,
    device_address: `MODBUS:${child.device.unit_id}`,
  };
}

export function childOfflineStatus(reason: ChildOfflineReason): ChildStatusMessage {
  return { online: false, reason };
}
