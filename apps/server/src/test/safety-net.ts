import { randomBytes } from 'node:crypto';
import { compactMac } from '@rcm/shared/device';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { IngestPipeline } from '../features/ingest/pipeline/pipeline.ts';
import type { BrokerConsumer } from '../features/ingest/transports/mqtt-consumer.ts';
import { DEFAULT_SERVER_USER, mosquittoAcl, mosquittoPasswordLine } from '../features/ops/mosquitto-auth.ts';
import { demoDeviceKey } from '../seed/demo.ts';
import { startMosquitto } from './services.ts';

/** What the safety net's tests (features/ingest/transports/safety-net*.test.ts) share. */

/** A logger that keeps its warnings. */
export function recordingLog() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const infos: { obj: Record<string, unknown>; msg: string }[] = [];
  const log = {
    level: 'info',
    warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ obj, msg }),
    info: (obj: Record<string, unknown>, msg: string) => infos.push({ obj, msg }),
    error: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    fatal: () => undefined,
    silent: () => undefined,
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, warnings, infos };
}

/** A pipeline that stores nothing (these nets' messages are not the point). */
export const idlePipeline = {
  submit: async () => ({ ok: true, stored: false }),
  flush: async () => undefined,
} as unknown as IngestPipeline;

/** A shared consumer that is always connected and subscribed (a net's recovery never waits for it). */
export const subscribedConsumer: BrokerConsumer = {
  close: async () => undefined,
  connected: () => true,
  confirmSubscribed: async () => undefined,
};

/** Polls `probe` every 100 ms for up to 20 s. */
export async function waitFor(what: string, probe: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The demo controller that publishes in the safety net's tests (FreshMart #103). */
export const NET_DEVICE = '02:52:43:00:10:02';

/**
 * A private Mosquitto 2.0 in `dir` (persistence on, the generated password and ACL files) knowing the
 * server's user, with a random password, and NET_DEVICE; `serverUrl` signs in as the server.
 */
export async function startNetBroker(dir: string) {
  const password = randomBytes(12).toString('hex');
  const broker = await startMosquitto(dir, {
    passwd: `${mosquittoPasswordLine(DEFAULT_SERVER_USER, password)}\n${mosquittoPasswordLine(compactMac(NET_DEVICE), demoDeviceKey(NET_DEVICE))}\n`,
    acl: mosquittoAcl({ macs: [NET_DEVICE] }),
  });
  return { ...broker, serverUrl: `mqtt://${DEFAULT_SERVER_USER}:${password}@127.0.0.1:${broker.port}` };
}

/** NET_DEVICE connected to the broker at `url`, reconnecting every 250 ms after the broker goes away. */
export async function connectNetDevice(url: string): Promise<MqttClient> {
  const device = mqtt.connect(url, {
    clientId: `dev-${compactMac(NET_DEVICE)}`,
    username: compactMac(NET_DEVICE),
    password: demoDeviceKey(NET_DEVICE),
    reconnectPeriod: 250,
  });
  device.on('error', () => undefined);
  await new Promise<void>((resolve) => device.once('connect', () => resolve()));
  return device;
}
