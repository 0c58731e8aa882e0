import type { DeviceAlarmMessage, StatusMessage, TelemetryMessage } from '@rcm/shared/device';
import type { ChildStatusMessage, GatewayStatusMessage } from '@rcm/shared/gateway';
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
