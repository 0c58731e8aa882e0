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
import {
  type BirthMessage,
  birthMessage,
  type ChildStatusMessage,
  childStatusMessage,
  type GatewayStatusMessage,
  gatewayStatusMessage,
} from '@rcm/shared/gateway';
import type { z } from 'zod';

export type ParsedMessage =
  | { channel: 'telemetry'; message: TelemetryMessage }
  | { channel: 'alarms'; message: DeviceAlarmMessage }
  | {
      channel: 'status';
      message: StatusMessage;
      /** A gateway's child's status: why it is offline. */
      reason?: ChildStatusMessage['reason'];
      /** A store gateway's own status: its buses, children and outbox. */
      gateway?: GatewayStatusMessage;
    };

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

/** Bytes (MQTT) or an already-parsed body (HTTP) → JSON, or why not. */
function jsonOf(payload: Buffer | string | unknown): { value: unknown } | Rejected {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return { value: payload };
  if (Buffer.byteLength(payload) > MAX_DEVICE_MESSAGE_BYTES) return TOO_LARGE;
  try {
    return { value: JSON.parse(payload.toString()) };
  } catch {
    return NOT_JSON;
  }
}

/** A store gateway's birth message (`rcm/v1/{gw}/birth`), or why not. */
export function parseBirth(payload: Buffer | string | unknown): { birth: BirthMessage } | Rejected {
  const json = jsonOf(payload);
  if ('reject' in json) return json;
  const r = birthMessage.safeParse(json.value);
  return r.success ? { birth: r.data } : malformed(r.error);
}

/**
 * Bytes (MQTT) or an already-parsed body (HTTP) → a validated message, or why not. `child`: a
 * gateway's child's message (its status may say why it is offline).
 */
export function parseDeviceMessage(
  channel: DeviceChannel,
  payload: Buffer | string | unknown,
  child = false,
): ParsedMessage | Rejected {
  const json = jsonOf(payload);
  if ('reject' in json) return json;
  const value = json.value;
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
      if (child) {
        const r = childStatusMessage.safeParse(value);
        return r.success ? { channel, message: r.data, reason: r.data.reason } : malformed(r.error);
      }
      // A gateway's status says so (its Last Will, `{online: false}`, does not: it is a plain status).
      if ((value as { kind?: unknown } | null)?.kind === 'gateway') {
        const r = gatewayStatusMessage.safeParse(value);
        return r.success ? { channel, message: r.data, gateway: r.data } : malformed(r.error);
      }
      const r = statusMessage.safeParse(value);
      return r.success ? { channel, message: r.data } : malformed(r.error);
    }
    default:
      return { reject: 'malformed', problem: 'other', field: null };
  }
}
