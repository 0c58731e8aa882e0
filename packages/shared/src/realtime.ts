import type { AlarmSummary } from './alarms.ts';
import type { UnauthorizedController } from './auth.ts';
import type { OfflineReason } from './controllers.ts';
import type { JobUpdatedEvent } from './jobs.ts';
import type { NotificationUpdatedEvent } from './notifications.ts';

export type ControllerStatusEvent = {
  controller_id: number;
  online: boolean;
  last_seen_at: string | null;
  /** Why it is offline, when the console knows (a gateway's child: `no_response`, `gateway_offline`). */
  offline_reason?: OfflineReason | null;
};

export type RackTelemetryEvent = {
  controller_id: number;
  ts: string;
  racks: {
    ref: string;
    metrics: Record<string, number>;
    points: { addr: string; value: number | null; status: string }[];
  }[];
};

/** Client-facing socket.io events (docs/contracts.md §7). */
export type ServerToClientEvents = {
  test: (payload: { message: string }) => void;
  'controller.pending': (payload: { controller: UnauthorizedController }) => void;
  'alarm.raised': (alarm: AlarmSummary) => void;
  'alarm.updated': (alarm: AlarmSummary) => void;
  'controller.status': (event: ControllerStatusEvent) => void;
  'rack.telemetry': (event: RackTelemetryEvent) => void;
  /** A job was created or changed; sent to the job's scope rooms (`jobs:*`). */
  'job.updated': (event: JobUpdatedEvent) => void;
  /** The user's permissions or account changed (settings): refetch auth/user. Sent to `user:{id}`. */
  'auth.changed': (payload: Record<string, never>) => void;
  /** An alarm's emails changed (queued, sent, delivery events); sent to the alarm's scope rooms (`alarms:*`). */
  'notification.updated': (event: NotificationUpdatedEvent) => void;
  /** Progress of the caller's own bulk acknowledge/clear, sent to `user:{id}`. */
  'alarms.bulk.progress': (event: { request_id: string; done: number; total: number }) => void;
};

export type ClientToServerEvents = {
  /** Joins `controller:{id}` (live rack values) after a permission check. */
  'controller.watch': (controllerId: number, ack: (result: { ok: boolean }) => void) => void;
  'controller.unwatch': (controllerId: number) => void;
};

/** rack.telemetry is sent at most this often per controller. */
export const RACK_TELEMETRY_MIN_INTERVAL_MS = 1000;
