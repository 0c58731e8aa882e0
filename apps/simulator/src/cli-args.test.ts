import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedMac, parseCli, parseFault, parseLine, parseModbusUnits } from './cli-args.ts';

describe('CLI arguments', () => {
  it('generates MACs under the prefix, counting from 1', () => {
    expect(generatedMac('02:53', 0)).toBe('02:53:00:00:00:01');
    expect(generatedMac('02:53', 255)).toBe('02:53:00:00:01:00');
    expect(generatedMac('AA:BB:CC:DD:EE', 4)).toBe('aa:bb:cc:dd:ee:05');
    expect(() => generatedMac('AA:BB:CC:DD:EE', 255)).toThrow(/room for only 255/);
    expect(() => generatedMac('zz:53', 0)).toThrow(/--mac-prefix/);
    expect(() => generatedMac('01:02:03:04:05:06', 0)).toThrow(/--mac-prefix/);
  });

  it('parses faults whose MAC has colons, with an optional rack', () => {
    expect(parseFault('02:53:00:00:00:01:floodback')).toEqual({ mac: '02:53:00:00:00:01', kind: 'floodback' });
    expect(parseFault('025300000002:oil_failure@B')).toEqual({
      mac: '02:53:00:00:00:02',
      kind: 'oil_failure',
      rack: 'B',
    });
    expect(() => parseFault('02:53:00:00:00:01:meltdown')).toThrow(/MAC:KIND/);
    expect(() => parseFault('offline')).toThrow(/MAC:KIND/);
  });

  it('builds a fleet from flags, with defaults', async () => {
    const config = await parseCli([
      '--key',
      'prov',
      '--controllers',
      '3',
      '--racks',
      '1',
      '--fault',
      '02:53:00:00:00:02:offline',
    ]);
    expect(config?.fleet).toMatchObject({ transport: 'mqtt', url: 'mqtt://127.0.0.1:1883', intervalMs: 10_000 });
    expect(config?.fleet?.controllers).toEqual([
      { mac: '02:53:00:00:00:01', key: 'prov', racks: 1, casesPerRack: 3 },
      { mac: '02:53:00:00:00:02', key: 'prov', racks: 1, casesPerRack: 3 },
      { mac: '02:53:00:00:00:03', key: 'prov', racks: 1, casesPerRack: 3 },
    ]);
    expect(config?.faults).toEqual([{ mac: '02:53:00:00:00:02', kind: 'offline' }]);
    expect(config?.durationS).toBeUndefined();
  });

  it('takes the transport from an http URL and reads controllers from a keys file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rcm-sim-'));
    try {
      const file = join(dir, 'keys.json');
      await writeFile(file, JSON.stringify([{ mac: 'AA-BB-CC-DD-EE-01', key: 'k1' }]));
      const config = await parseCli(['--url', 'http://localhost:3000', '--keys-file', file, '--duration-s', '5']);
      expect(config?.fleet?.transport).toBe('http');
      expect(config?.fleet?.controllers).toEqual([{ mac: 'AA-BB-CC-DD-EE-01', key: 'k1', racks: 2, casesPerRack: 3 }]);
      expect(config?.durationS).toBe(5);
      await writeFile(file, JSON.stringify([{ mac: 'AA-BB-CC-DD-EE-01' }]));
      await expect(parseCli(['--keys-file', file])).rejects.toThrow(/needs string fields mac and key/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses what it cannot run and answers --help', async () => {
    await expect(parseCli([])).rejects.toThrow(/--key or --keys-file/);
    await expect(parseCli(['--key', 'k', '--controllers', 'many'])).rejects.toThrow(/--controllers/);
    await expect(parseCli(['--key', 'k', '--transport', 'carrier-pigeon'])).rejects.toThrow(/--transport/);
    await expect(parseCli(['--key', 'k', '--bogus'])).rejects.toThrow(/bogus/);
    expect(await parseCli(['--help'])).toBeNull();
  });

  it('serves a Modbus bus without a fleet: unit ranges, their profiles, a line and faults', async () => {
    const config = await parseCli([
      ...['--modbus', '127.0.0.1:5020', '--modbus-units', '1-3:danfoss-ak-cc55,9:carel-ir33'],
      ...['--modbus-line', '19200:8E1', '--modbus-fault', '2:stuck_defrost', '--seed', '4'],
    ]);
    expect(config?.fleet).toBeNull();
    expect(config?.modbus).toEqual({
      host: '127.0.0.1',
      port: 5020,
      units: [
        { unit: 1, profile: 'danfoss-ak-cc55' },
        { unit: 2, profile: 'danfoss-ak-cc55' },
        { unit: 3, profile: 'danfoss-ak-cc55' },
        { unit: 9, profile: 'carel-ir33' },
      ],
      line: { baud: 19200, data_bits: 8, parity: 'even', stop_bits: 1 },
      faults: [{ unit: 2, kind: 'stuck_defrost' }],
      seed: 4,
    });
    expect(parseLine('9600:8n2')).toEqual({ baud: 9600, data_bits: 8, parity: 'none', stop_bits: 2 });
    expect(() => parseLine('9600')).toThrow(/BAUD:8E1/);
    expect(() => parseModbusUnits('0-3:generic-case')).toThrow(/1-247/);
    expect(() => parseModbusUnits('1-3:generic-case,3:carel-ir33')).toThrow(/unit 3 twice/);
    await expect(parseCli(['--modbus', 'nowhere'])).rejects.toThrow(/HOST:PORT/);
    await expect(parseCli(['--modbus', 'h:1', '--modbus-fault', '1:meltdown'])).rejects.toThrow(/--modbus-fault/);
  });
});
