import { compactMac, type DeviceChannel, deviceTopic } from '@rcm/shared/device';
import { connect, type MqttClient } from 'mqtt';
import { type DeviceLink, type LinkOptions, withTimeout } from './device-link.ts';
import { OFFLINE_STATUS } from './payloads.ts';
import { toError, tracked } from './types.ts';

const CLOSE_TIMEOUT_MS = 3_000;

/** CONNACK return codes of MQTT 3.1.1, worded for someone reading a CLI error. */
const CONNACK_REASONS: Record<number, string> = {
  1: 'unacceptable protocol version',
  2: 'client identifier rejected',
  3: 'server unavailable',
  4: 'bad username or password',
  5: 'not authorized',
};

function describeConnectError(mac: string, url: string, err: Error): Error {
  const code = (err as Error & { code?: unknown }).code;
  const reason =
    typeof code === 'number' && CONNACK_REASONS[code] ? `${CONNACK_REASONS[code]} (CONNACK ${code})` : err.message;
  return new Error(`controller ${mac}: broker ${url} refused the connection: ${reason}`, { cause: err });
}

export function mqttLink(opts: LinkOptions): DeviceLink {
  const { mac, key, url, stats, onError } = opts;
  let client: MqttClient | null = null;
  // Sends in flight, so a dropped connection can fail them: mqtt.js would otherwise never call back.
  const pending = new Set<(err: Error) => void>();

  const announce = (c: MqttClient) => {
    // Every (re)connect restates the retained status, replacing the last will the broker may have sent.
    const body = JSON.stringify(opts.status);
    publish(c, deviceTopic(mac, 'status'), body, true).catch(onError);
  };

  const publish = (c: MqttClient, topic: string, body: string, retain: boolean): Promise<void> =>
    tracked(
      stats,
      new Promise<void>((resolve, reject) => {
        const settle = (err?: Error) => {
          pending.delete(settle);
          if (err) reject(err);
          else resolve();
        };
        pending.add(settle);
        c.publish(topic, body, { qos: 1, retain }, (err) => settle(err ?? undefined));
      }),
    );

  const failPending = (reason: string) => {
    for (const settle of [...pending]) settle(new Error(`controller ${mac}: ${reason}`));
  };

  return {
    get connected() {
      return client?.connected ?? false;
    },

    open() {
      if (client) return Promise.resolve();
      const c = connect(url, {
        clientId: compactMac(mac),
        username: mac,
        password: key,
        protocolVersion: 4,
        clean: true,
        reconnectPeriod: 1_000,
        // A server that refuses for a while (CONNACK "server unavailable": low on disk, restarting) is
        // tried again; without this mqtt.js gives up after the first refusal of a reconnect.
        reconnectOnConnackError: true,
        connectTimeout: 10_000,
        will: {
          topic: deviceTopic(mac, 'status'),
          payload: Buffer.from(JSON.stringify(OFFLINE_STATUS)),
          qos: 1,
          retain: true,
        },
      });
      client = c;
      return new Promise<void>((resolve, reject) => {
        let opened = false;
        const fail = (err: Error) => {
          if (opened) return;
          opened = true;
          // Stop mqtt.js from retrying a refused login every second in the background.
          c.end(true);
          if (client === c) client = null;
          reject(describeConnectError(mac, url, err));
        };
        c.on('connect', () => {
          announce(c);
          if (!opened) {
            opened = true;
            resolve();
          }
        });
        // An 'error' without a listener would crash the process, so this one stays for the client's life.
        c.on('error', (err) => (opened ? onError(toError(err)) : fail(toError(err))));
        c.on('close', () => fail(new Error('connection closed before the broker accepted it')));
      });
    },

    send(channel: DeviceChannel, body: string, sendOpts?: { retain?: boolean }) {
      if (!client) return Promise.reject(new Error(`controller ${mac}: not connected`));
      return publish(client, deviceTopic(mac, channel), body, sendOpts?.retain ?? false);
    },

    drop() {
      const c = client;
      client = null;
      if (!c) return;
      // Forced end destroys the socket without DISCONNECT, so the broker publishes the last will.
      c.end(true);
      failPending('connection dropped');
    },

    async close() {
      const c = client;
      client = null;
      if (!c) return;
      try {
        if (c.connected) {
          const body = JSON.stringify(OFFLINE_STATUS);
          await withTimeout(publish(c, deviceTopic(mac, 'status'), body, true), CLOSE_TIMEOUT_MS, 'offline status');
        }
        // A clean DISCONNECT: the broker discards the last will, the retained offline status stays.
        await withTimeout(c.endAsync(), CLOSE_TIMEOUT_MS, 'disconnect');
      } catch (err) {
        onError(toError(err));
        await new Promise<void>((resolve) => c.end(true, () => resolve()));
      } finally {
        failPending('connection closed');
      }
    },
  };
}
