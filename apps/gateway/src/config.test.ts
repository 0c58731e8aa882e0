import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { loadProfiles } from './profiles.ts';
import { loadSetup } from './setup.ts';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'rcm-gw-config-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const YAML = `console:
  mqtt_url: mqtt://console.example:1883
  mac: 02:47:00:00:00:01
  key_file: ./device.key
outbox:
  dir: ./outbox
buses:
  - name: rs485_1
    serial: { path: /dev/ttyUSB0, baud: 19200, parity: even }
  - name: tcp1
    tcp: { host: 192.168.1.50 }
devices:
  - { bus: rs485_1, unit_id: 1, profile: danfoss-ak-cc55, name: Dairy 1 }
  - { bus: tcp1, unit_id: 12, profile: generic-case, name: Meat, poll_s: 5 }
`;

function writeConfig(text: string, name = 'gateway.yaml'): string {
  const dir = tempDir();
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('no error');
}

describe('gateway config', () => {
  it('reads YAML with the contract defaults and paths relative to the file', () => {
    const path = writeConfig(YAML);
    const c = loadConfig(path);
    expect(c.console.mac).toBe('02:47:00:00:00:01');
    expect(c.console.key_file).toBe(join(path, '..', 'device.key'));
    expect(c.outbox).toMatchObject({ max_mb: 1000, max_age_days: 30 });
    expect(c.buses[0]).toMatchObject({
      request_delay_ms: 20,
      timeout_ms: 500,
      retries: 1,
      offline_after_failures: 3,
      backoff_s: 60,
      serial: { baud: 19200, parity: 'even', data_bits: 8, stop_bits: 1 },
    });
    expect(c.buses[1]?.tcp).toEqual({ host: '192.168.1.50', port: 502, framing: 'mbap' });
    expect(c.devices[0]).toMatchObject({ rack: 'A', poll_s: 10 });
  });

  it('reads JSON too', () => {
    const path = writeConfig(
      JSON.stringify({
        console: { mqtt_url: 'mqtts://c.example', key_file: '/k' },
        outbox: { dir: '/o' },
        buses: [{ name: 'b', tcp: { host: 'h', port: 5020, framing: 'rtu' } }],
        devices: [],
      }),
      'gateway.json',
    );
    expect(loadConfig(path).buses[0]?.tcp).toEqual({ host: 'h', port: 5020, framing: 'rtu' });
  });

  it('names each bad field', () => {
    const bad = YAML.replace('baud: 19200', 'baud: fast')
      .replace('unit_id: 12', 'unit_id: 300')
      .replace('mac: 02:47:00:00:00:01', 'mac: nope');
    const message = errorOf(() => loadConfig(writeConfig(bad)));
    expect(message).toContain('console.mac: a MAC address');
    expect(message).toContain('buses[0].serial.baud: ');
    expect(message).toContain('devices[1].unit_id: ');
    // The checks across fields run once every field is valid.
    const unknownBus = errorOf(() => loadConfig(writeConfig(YAML.replace('bus: tcp1,', 'bus: tcp9,'))));
    expect(unknownBus).toContain('devices[1].bus: no bus named "tcp9"');
  });

  it('refuses a bus with both or neither transport, a repeated bus or unit', () => {
    const both = YAML.replace('tcp: { host: 192.168.1.50 }', 'tcp: { host: h }\n    serial: { path: /dev/ttyS1 }');
    expect(errorOf(() => loadConfig(writeConfig(both)))).toContain('buses[1]: give exactly one of serial or tcp');
    const twice = YAML.replace('{ bus: tcp1, unit_id: 12', '{ bus: rs485_1, unit_id: 1');
    expect(errorOf(() => loadConfig(writeConfig(twice)))).toContain(
      'devices[1].unit_id: a second device at unit 1 on rs485_1',
    );
  });

  it('says when the file is not YAML or is missing', () => {
    expect(errorOf(() => loadConfig(writeConfig('a: [1,')))).toMatch(/not valid YAML/);
    expect(errorOf(() => loadConfig('/nonexistent/gateway.yaml'))).toMatch(/cannot be read \(ENOENT\)/);
  });
});

describe('profiles', () => {
  it('ships the three profiles, all valid', () => {
    const profiles = loadProfiles();
    expect([...profiles.keys()].sort()).toEqual(['carel-ir33', 'danfoss-ak-cc55', 'generic-case']);
    const danfoss = profiles.get('danfoss-ak-cc55');
    expect(danfoss?.points.find((p) => p.role === 'case_air')).toMatchObject({
      address: 2531,
      type: 'int16',
      scale: 0.1,
    });
    expect(danfoss?.points.find((p) => p.role === 'setpoint')?.address).toBe(99);
    expect(danfoss?.state).toMatchObject({
      address: 2006,
      map: { '14': 'defrost', '17': 'door_open', '31': 'door_open' },
    });
    expect(danfoss?.serial_defaults).toMatchObject({ parity: 'even', data_bits: 8, stop_bits: 1 });
  });

  it('adds profiles from profiles_dir, which may replace a shipped one, and names a bad file and field', () => {
    const dir = tempDir();
    const own = {
      id: 'dixell-xr60',
      vendor: 'Dixell',
      model: 'XR60CX',
      version: '1',
      source: 'site list',
      points: [{ key: 'air', name: 'Air', table: 'holding', address: 256, type: 'int16' }],
    };
    writeFileSync(join(dir, 'xr60.json'), JSON.stringify(own));
    expect(loadProfiles(dir).get('dixell-xr60')?.points[0]?.address).toBe(256);
    writeFileSync(join(dir, 'generic.json'), JSON.stringify({ ...own, id: 'generic-case', version: '9' }));
    expect(loadProfiles(dir).get('generic-case')?.version).toBe('9');
    writeFileSync(
      join(dir, 'bad.json'),
      JSON.stringify({ ...own, id: 'bad', points: [{ ...own.points[0], table: 'coils' }] }),
    );
    expect(errorOf(() => loadProfiles(dir))).toMatch(/bad\.json:\n {2}points\[0\]\.table: /);
  });

  it('names a device whose profile is unknown and warns when a bus runs other serial settings', () => {
    const root = tempDir();
    mkdirSync(join(root, 'p'));
    const path = join(root, 'gateway.yaml');
    writeFileSync(path, YAML.replace('profile: generic-case', 'profile: nope'));
    expect(errorOf(() => loadSetup(path))).toMatch(
      /devices\[1\]\.profile: no profile "nope" \(known: carel-ir33, danfoss-ak-cc55, generic-case\)/,
    );
    writeFileSync(path, YAML.replace('baud: 19200, parity: even', 'baud: 9600'));
    const setup = loadSetup(path);
    expect(setup.children.map((c) => c.child)).toEqual(['rs485_1-1', 'tcp1-12']);
    expect(setup.warnings).toEqual([
      "devices[0] (unit 1 on rs485_1): danfoss-ak-cc55 defaults to 19200 8E1, the bus runs 9600 8N1; every unit on the bus must be set to the bus's settings",
    ]);
  });
});
