import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayConfigYaml } from '@rcm/shared/gateway-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSetup } from './setup.ts';

// The console's "Connect a store gateway" page hands out this file: it must pass the gateway's own check.
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function load(yaml: string) {
  const dir = mkdtempSync(join(tmpdir(), 'rcm-gw-template-'));
  dirs.push(dir);
  const path = join(dir, 'gateway.yaml');
  writeFileSync(path, yaml);
  return { dir, setup: loadSetup(path) };
}

describe('the console’s gateway.yaml', () => {
  it('loads as the gateway’s config with the install’s address and key, and its profiles resolve', () => {
    const key = 'pk_a#b: "c" \\ d';
    const { dir, setup } = load(gatewayConfigYaml({ mqtt_url: 'mqtt://console.example:1884', provisioning_key: key }));
    expect(setup.config.console).toEqual({
      mqtt_url: 'mqtt://console.example:1884',
      provisioning_key: key,
      key_file: join(dir, 'device.key'),
    });
    expect(setup.config.outbox).toEqual({ dir: join(dir, 'outbox'), max_mb: 1000, max_age_days: 30 });
    expect(setup.config.buses.map((b) => [b.name, b.serial])).toEqual([
      ['rs485_1', { path: '/dev/ttyUSB0', baud: 19200, parity: 'even', data_bits: 8, stop_bits: 1 }],
    ]);
    expect(setup.children.map((c) => c.child)).toEqual(['rs485_1-1']);
    // The example bus is set as the Danfoss profile expects (19200 8E1): no warning to start with.
    expect(setup.warnings).toEqual([]);
  });
});
