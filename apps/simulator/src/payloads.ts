import { randomBytes } from 'node:crypto';
import { compactMac, type DeviceAlarm, type DeviceAlarmMessage, type StatusMessage } from '@rcm/shared/device';

export const SIM_MODEL = 'RCM-SIM RC-4000';
export const SIM_FIRMWARE = '4.2.1-sim';

export const OFFLINE_STATUS: StatusMessage = { online: false };

export function onlineStatus(mac: string): StatusMessage {
  return {
    online: true,
    model: SIM_MODEL,
    firmware: SIM_FIRMWARE,
    // .invalid is reserved (RFC 2606): a simulated controller has no web UI anyone could reach.
    vendor_endpoint: `https://${compactMac(mac)}.controllers.invalid/`,
  };
}

/**
 * Message ids unique across restarts: a per-run random part keeps a restarted simulator (same seed,
 * counter back at 1) from producing ids the server's idempotent ingest would drop as duplicates.
 */
export function msgIdFactory(mac: string): () => string {
  const run = randomBytes(3).toString('hex');
  let counter = 0;
  return () => {
    counter++;
    return `${compactMac(mac)}-${counter}-${run}${randomBytes(2).toString('hex')}`;
  };
}

/** What a controller with a corrupted buffer sends: JSON cut off mid-object. */
export function malformedTelemetry(msgId: string): string {
  return `{"msg_id":"${msgId}","ts":`;
}

export function alarmMessage(msgId: string, at: Date, alarm: DeviceAlarm): DeviceAlarmMessage {
  return {
    msg_id: msgId,
    ts: at.toISOString(),
    code: alarm.code,
    ...(alarm.rack !== undefined && { rack: alarm.rack }),
    ...(alarm.addr !== undefined && { addr: alarm.addr }),
    ...(alarm.severity !== undefined && { severity: alarm.severity }),
    state: alarm.state,
    ...(alarm.reason !== undefined && { reason: alarm.reason }),
  };
}
