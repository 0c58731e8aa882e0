import {
  DEVICE_REJECT_PROBLEMS,
  type DeviceAlarmMessage,
  type DeviceChannel,
  type DeviceRejectProblem,
  deviceAlarmMessage,
  MAX_DEVICE_MESSAGE_BYTES,
  type StatusMessage,
  statusMessage,
  type TelemetryMessage,
  telemetryMessage,
} from '@rcm/shared/device';
import type { z } from 'zod';

export type ParsedMessage =
  | { channel: 'telemetry'; message: TelemetryMessage }
  | { channel: 'alarms'; message: DeviceAlarmMessage }
  | { channel: 'status'; message: StatusMessage };

export type RejectReason = 'too_large' | 'malformed' | 'unknown_device' | 'forbidden';

/** Why a message was refused; for a malformed one, what was wrong and where (the schema's first issue). */
export type Rejected = { reject: RejectReason; problem?: DeviceRejectProblem; field?: string | null };

const TOO_LARGE: Rejected = Object.freeze({ reject: 'too_large' });
const NOT_JSON: Rejected = Object.freeze({ reject: 'malformed', problem: 'not_json', field: null });

/** Only on the refused path: a good message never reaches it. */
function malformed(error: z.ZodError): Rejected {
  const issue = error.issues[0];
  const code = issue?.code as DeviceRejectProblem | undefined;
  return {
    reject: 'malformed',
    problem: code && DEVICE_REJECT_PROBLEMS.includes(code) ? code : 'other',
    field: issue && issue.path.length > 0 ? issue.path.join('.').slice(0, 200) : null,
  };
}

/** Bytes (MQTT) or an already-parsed body (HTTP) → a validated message, or why not. */
export function parseDeviceMessage(
  channel: DeviceChannel,
  payload: Buffer | string | unknown,
): ParsedMessage | Rejected {
  let value: unknown = payload;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    if (Buffer.byteLength(payload) > MAX_DEVICE_MESSAGE_BYTES) return TOO_LARGE;
    try {
      value = JSON.parse(payload.toString());
    } catch {
      return NOT_JSON;
    }
  }
  switch (channel) {
    case 'telemetry': {
      const r = telemetryMessage.safeParse(value);
      return r.success ? { channel, message: r.data } : malformed(r.error);
    }
    case 'alarms': {
      const r = deviceAlarmMessage.safeParse(value);
      return r.success ? { channel, message: r.data } : malformed(r.error);
    }
    case 'status': {
      const r = statusMessage.safeParse(value);
      return r.success ? { channel, message: r.data } : malformed(r.error);
    }
    default:
      return { reject: 'malformed', problem: 'other', field: null };
  }
}
