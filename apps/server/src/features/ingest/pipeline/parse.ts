import {
  type DeviceAlarmMessage,
  type DeviceChannel,
  deviceAlarmMessage,
  MAX_DEVICE_MESSAGE_BYTES,
  type StatusMessage,
  statusMessage,
  type TelemetryMessage,
  telemetryMessage,
} from '@rcm/shared/device';

export type ParsedMessage =
  | { channel: 'telemetry'; message: TelemetryMessage }
  | { channel: 'alarms'; message: DeviceAlarmMessage }
  | { channel: 'status'; message: StatusMessage };

export type RejectReason = 'too_large' | 'malformed' | 'unknown_device' | 'forbidden';

/** Bytes (MQTT) or an already-parsed body (HTTP) → a validated message, or why not. */
export function parseDeviceMessage(
  channel: DeviceChannel,
  payload: Buffer | string | unknown,
): ParsedMessage | { reject: RejectReason } {
  let value: unknown = payload;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    if (Buffer.byteLength(payload) > MAX_DEVICE_MESSAGE_BYTES) return { reject: 'too_large' };
    try {
      value = JSON.parse(payload.toString());
    } catch {
      return { reject: 'malformed' };
    }
  }
  switch (channel) {
    case 'telemetry': {
      const r = telemetryMessage.safeParse(value);
      return r.success ? { channel, message: r.data } : { reject: 'malformed' };
    }
    case 'alarms': {
      const r = deviceAlarmMessage.safeParse(value);
      return r.success ? { channel, message: r.data } : { reject: 'malformed' };
    }
    case 'status': {
      const r = statusMessage.safeParse(value);
      return r.success ? { channel, message: r.data } : { reject: 'malformed' };
    }
    default:
      return { reject: 'malformed' };
  }
}
