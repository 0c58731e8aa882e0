import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'rcm-gw-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('rcm-gateway --check', () => {
  it('validates the config and the profiles and exits 0', () => {
    const path = join(dir, 'ok.yaml');
    writeFileSync(
      path,
      'console: { mqtt_url: "mqtt://127.0.0.1:1", key_file: k }\noutbox: { dir: o }\nbuses: [{ name: b1, tcp: { host: 127.0.0.1 } }]\ndevices: [{ bus: b1, unit_id: 3, profile: carel-ir33, name: Case 3 }]\n',
    );
    const r = run(['--config', path, '--check']);
    expect(r.err).toBe('');
    expect(r.out).toContain('b1-3: Case 3 (carel-ir33 0.1.0), every 10 s');
    expect(r.out).toContain('configuration and profiles are valid');
    expect(r.code).toBe(0);
  });

  it('exits 1 naming the bad field', () => {
    const path = join(dir, 'bad.yaml');
    writeFileSync(path, 'console: { mqtt_url: "http://x", key_file: k }\noutbox: { dir: o }\nbuses: []\ndevices: []\n');
    const r = run(['--config', path, '--check']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('console.mqtt_url: an mqtt://, mqtts://, ws:// or wss:// address');
    expect(r.err).toContain('buses: ');
  });
});

describe('arguments', () => {
  it('needs --config and refuses unknown options', () => {
    expect(parseCliArgs(['--config', 'g.yaml', '--check'])).toEqual({ config: 'g.yaml', check: true });
    expect(() => parseCliArgs(['--check'])).toThrow(/--config is required/);
    expect(() => parseCliArgs(['--config', 'g.yaml', '--chek'])).toThrow(/--chek/);
  });
});
