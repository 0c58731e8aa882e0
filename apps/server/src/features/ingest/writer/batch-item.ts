import type { DeviceAlarmMessage, StatusMessage, TelemetryMessage } from '@rcm/shared/device';
import type { ChildStatusMessage, GatewayStatusMessage } from '@rcm/shared/gateway';
import type { QueuedEvent } from '../../../events/bus.ts';
import type { DeviceRecord } from '../pipeline/device-registry.ts';

/** One parsed device message of a batch, with the controller it came from. */
export type BatchItem =
  | { channel: 'telemetry'; device: DeviceRecord; message: TelemetryMessage }
  | { channel: 'alarms'; device: DeviceRecord; message: DeviceAlarmMessage }
  | {
      channel: 'status';
      device: DeviceRecord;
      message: StatusMessage;
      reason?: ChildStatusMessage['reason'];
      gateway?: GatewayStatusMessage;
    };

/** What a written batch answers: counts, the events to emit after commit, online changes. */
export type BatchOutcome = {
  stored: number;
  duplicates: number;
  /** The batch's messages stored before (or earlier in the batch), when there are any: not stored again. */
  repeated: ReadonlySet<BatchItem> | null;
  readings: number;
  events: QueuedEvent[];
  /** Devices whose online flag this batch changed. */
  online: Map<string, boolean>;
};
