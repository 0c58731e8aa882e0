import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args.ts';
import { prepare } from './prepare.ts';

const dir = mkdtempSync(join(tmpdir(), 'rcm-gw-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const result = prepare(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { result, out: out.join('\n'), err: err.join('\n') };
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
    expect(r.out).toContain('bus b1 (127.0.0.1:502): 1 devices');
    expect(r.out).toContain('b1-3: Case 3 (carel-ir33 0.1.0), every 10 s');
    expect(r.out).toContain('configuration and profiles are valid');
    expect(r.result).toEqual({ exit: 0 });
    // Without --check the same config is the setup to run.
    expect('setup' in run(['--config', path]).result).toBe(true);
  });

  it('exits 1 naming the bad field', () => {
    const path = join(dir, 'bad.yaml');
    writeFileSync(path, 'console: { mqtt_url: "http://x", key_file: k }\noutbox: { dir: o }\nbuses: []\ndevices: []\n');
    const r = run(['--config', path, '--check']);
    expect(r.result).toEqual({ exit: 1 });
    expect(r.err).toContain('rcm-gateway: the configuration is not valid');
    expect(r.err).toContain('console.mqtt_url: an mqtt://, mqtts://, ws:// or wss:// address');
    expect(r.err).toContain('buses: ');
  });

  it('exits 2 on a bad command line', () => {
    const r = run(['--check']);
    expect(r.result).toEqual({ exit: 2 });
    expect(r.err).toContain('--config is required');
    expect(r.err).toContain('usage: npm run gateway -w apps/gateway -- --config gateway.yaml [--check]');
  });
});

describe('arguments', () => {
  it('needs --config and refuses unknown options', () => {
    expect(parseCliArgs(['--config', 'g.yaml', '--check'])).toEqual({ config: 'g.yaml', check: true });
    expect(() => parseCliArgs(['--check'])).toThrow(/--config is required/);
    expect(() => parseCliArgs(['--config', 'g.yaml', '--chek'])).toThrow(/--chek/);
  });
});
