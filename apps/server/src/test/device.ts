import { compactMac, type DeviceChannel, deviceTopic } from '@rcm/shared/device';
import mqtt, { type MqttClient } from 'mqtt';

export type TestDevice = {
  client: MqttClient;
  /** Resolves on the broker's PUBACK (QoS 1). */
  publish: (channel: DeviceChannel, payload: unknown, opts?: { topicMac?: string }) => Promise<void>;
  end: () => Promise<void>;
};

/**
 * A real MQTT client speaking the device protocol, as a controller would; `will`: with the
 * protocol's last will (`{"online": false}` on its status topic), as the simulator's controllers have.
 */
export async function connectDevice(
  port: number,
  mac: string,
  key: string,
  opts: { will?: boolean } = {},
): Promise<TestDevice> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
    clientId: compactMac(mac),
    username: mac,
    password: key,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...(opts.will
      ? { will: { topic: deviceTopic(mac, 'status'), payload: Buffer.from('{"online":false}'), qos: 1, retain: true } }
      : {}),
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
    client.once('close', () => reject(new Error('connection closed')));
  });
  return {
    client,
    publish: (channel, payload, opts = {}) =>
      client
        .publishAsync(
          deviceTopic(opts.topicMac ?? mac, channel),
          typeof payload === 'string' ? payload : JSON.stringify(payload),
          {
            qos: 1,
          },
        )
        .then(() => undefined),
    end: () => (client.connected ? client.endAsync() : client.endAsync(true)),
  };
}

let counter = 0;

/** A telemetry message with one rack; values override the normal ones. */
export function telemetry(
  ts: Date,
  values: Partial<{ superheat: number; liquid_level: number; oil_pressure: number; case1: number; comp: string }> = {},
  msgId?: string,
) {
  counter += 1;
  return {
    msg_id: msgId ?? `test-${Date.now()}-${counter}`,
    ts: ts.toISOString(),
    racks: [
      {
        ref: 'A',
        name: 'Rack A',
        metrics: {
          superheat: values.superheat ?? 8.5,
          liquid_level: values.liquid_level ?? 60,
          oil_pressure: values.oil_pressure ?? 30,
        },
        points: [
          { addr: 'A.SUCT', name: 'Suction Pressure', value: 41.2, unit: 'psig', set_point: 40, status: 'ok' },
          {
            addr: 'A.CASE1',
            name: 'Case 1 Temperature',
            value: values.case1 ?? 35.5,
            unit: '°F',
            set_point: 35,
            status: 'ok',
          },
          { addr: 'A.COMP1', name: 'Compressor 1', value: 1, status: values.comp ?? 'ok' },
        ],
      },
    ],
  };
}

/** A telemetry message of 500 points on rack A: about 100 KB of WAL a message (the disk-full tests fill a disk with it). */
export const largeSnapshot = (msgId: string, i: number) => ({
  msg_id: msgId,
  ts: new Date(Date.now() + i).toISOString(),
  racks: [
    {
      ref: 'A',
      metrics: { superheat: 8, liquid_level: 60, oil_pressure: 30 },
      points: Array.from({ length: 500 }, (_, p) => ({
        addr: `A.P${p}`,
        value: (i + p) % 50,
        unit: 'psig',
        status: 'ok',
      })),
    },
  ],
});
