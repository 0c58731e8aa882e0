import type { z } from 'zod';
import type { DeviceChannel, deviceAlarmMessage, statusMessage, telemetryMessage } from './device.ts';

/**
 * One message of each channel as a controller sends it (the Connect page and the README show them;
 * device-examples.test.ts parses each with its schema and checks the README's copy).
 */
export const DEVICE_MESSAGE_EXAMPLES: {
  status: z.input<typeof statusMessage>;
  telemetry: z.input<typeof telemetryMessage>;
  alarms: z.input<typeof deviceAlarmMessage>;
} = {
  status: {
    online: true,
    model: 'RC-4000',
    firmware: '2.8.1',
    device_address: '192.168.1.40',
  },
  telemetry: {
    msg_id: 'a1b2c3-000123',
    ts: '2026-12-01T22:06:21Z',
    racks: [
      {
        ref: 'A',
        name: 'Rack A',
        metrics: { superheat: 8.2, liquid_level: 64, oil_pressure: 42.5 },
        points: [{ addr: 'A.C3', name: 'Dairy case 3', value: 36.1, unit: '°F', set_point: 35, status: 'ok' }],
      },
    ],
  },
  alarms: {
    msg_id: 'a1b2c3-000124',
    ts: '2026-12-01T22:07:05Z',
    code: 'HIGH_DISCHARGE',
    rack: 'A',
    addr: 'A.DISCH',
    severity: 'high',
    state: 'raised',
    reason: 'Discharge pressure 320 psig above 300 psig',
  },
};

/** An example as it is written on a page and in the README: two-space indented JSON. */
export function deviceExampleJson(channel: DeviceChannel): string {
  return JSON.stringify(DEVICE_MESSAGE_EXAMPLES[channel], null, 2);
}
