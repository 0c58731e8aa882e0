import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GatewayConfig, gatewayConfig } from '../config.ts';
import { loadProfiles } from '../profiles.ts';
import { resolveChildren, type Setup } from '../setup.ts';

export const GW_MAC = '02:47:00:00:00:01';
export const GW_KEY = 'gateway-device-key';

/** A gateway config for tests: one Modbus TCP bus on `port`, quick polls, a key file in a temp dir. */
export function testConfig(opts: {
  mqttUrl: string;
  modbusPort: number;
  units: { unit: number; profile: string }[];
  key?: string | null;
}): {
  dir: string;
  config: GatewayConfig;
} {
  const dir = mkdtempSync(join(tmpdir(), 'rcm-gw-run-'));
  const keyFile = join(dir, 'device.key');
  if (opts.key !== null) writeFileSync(keyFile, `${opts.key ?? GW_KEY}\n`);
  const config = gatewayConfig.parse({
    console: { mqtt_url: opts.mqttUrl, mac: GW_MAC, provisioning_key: 'fleet-key', key_file: keyFile },
    outbox: { dir: join(dir, 'outbox') },
    buses: [
      {
        name: 'tcp1',
        tcp: { host: '127.0.0.1', port: opts.modbusPort },
        request_delay_ms: 0,
        timeout_ms: 300,
        retries: 1,
        offline_after_failures: 2,
        backoff_s: 60,
      },
    ],
    devices: opts.units.map((u) => ({
      bus: 'tcp1',
      unit_id: u.unit,
      profile: u.profile,
      name: `Case ${u.unit}`,
      poll_s: 0.1,
    })),
  });
  return { dir, config };
}

export function testSetup(config: GatewayConfig): Setup {
  const profiles = loadProfiles();
  return { config, profiles, ...resolveChildren(config, profiles) };
}
