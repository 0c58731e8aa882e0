/**
 * `npm run mosquitto:acl -w apps/server -- --out <dir> [--issue-keys]`
 *
 * Writes Mosquitto's `acl` and `passwd` files for the authorized controllers (DATABASE_URL).
 * Device keys are stored only as SHA-256 hashes, so a broker password cannot be derived from them:
 * - lines of the existing `<dir>/passwd` are kept for controllers that are still authorized;
 * - `--issue-keys` issues a new key to each authorized controller without a line, stores its hash
 *   (the HTTP ingest and embedded broker accept the same key) and writes `<dir>/device-keys.csv`
 *   (mac,key; mode 600) to provision onto the devices;
 * - the server account (`rcm-server`, password from MQTT_SERVER_PASSWORD) is always written.
 * Then `kill -HUP <mosquitto>` (or `systemctl reload mosquitto`) reloads both files.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compactMac } from '@rcm/shared/device';
import pg from 'pg';
import { hashToken, newToken } from '../auth/tokens.ts';
import { DEFAULT_SERVER_USER, mosquittoAcl, mosquittoPasswordLine } from './mosquitto-auth.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: '.' },
      'issue-keys': { type: 'boolean', default: false },
      'server-user': { type: 'string', default: DEFAULT_SERVER_USER },
    },
  });
  const url = process.env.DATABASE_URL;
  const serverPassword = process.env.MQTT_SERVER_PASSWORD;
  if (!url) throw new Error('DATABASE_URL is required (the controllers are read from PostgreSQL)');
  if (!serverPassword || serverPassword.length < 12) {
    throw new Error('MQTT_SERVER_PASSWORD is required (12+ characters): the password in the instances’ MQTT_URL');
  }
  const out = path.resolve(values.out);
  const serverUser = values['server-user'];

  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    // A gateway's children sign in as nobody: their gateway publishes for them.
    const { rows } = await pool.query<{ id: number; mac_address: string; kind: string }>(
      'select id, mac_address, kind from controllers where authorised and gateway_id is null order by mac_address',
    );
    const passwdFile = path.join(out, 'passwd');
    const existing = new Map<string, string>();
    if (existsSync(passwdFile)) {
      for (const line of readFileSync(passwdFile, 'utf8').split('\n')) {
        const user = line.slice(0, line.indexOf(':'));
        if (user) existing.set(user, line);
      }
    }
    const lines = [mosquittoPasswordLine(serverUser, serverPassword)];
    const issued: string[] = [];
    let withoutKey = 0;
    for (const row of rows) {
      const user = compactMac(row.mac_address);
      const kept = existing.get(user);
      if (kept) {
        lines.push(kept);
      } else if (values['issue-keys']) {
        const key = newToken();
        await pool.query('update controllers set device_key_hash = $1 where id = $2', [hashToken(key), row.id]);
        lines.push(mosquittoPasswordLine(user, key));
        issued.push(`${row.mac_address},${key}`);
      } else {
        withoutKey += 1;
      }
    }
    writeFileSync(passwdFile, `${lines.join('\n')}\n`, { mode: 0o600 });
    writeFileSync(
      path.join(out, 'acl'),
      mosquittoAcl({
        serverUser,
        macs: rows.map((r) => r.mac_address),
        gateways: rows.filter((r) => r.kind === 'gateway').map((r) => r.mac_address),
      }),
      {
        mode: 0o600,
      },
    );
    if (issued.length > 0) {
      writeFileSync(path.join(out, 'device-keys.csv'), `mac,key\n${issued.join('\n')}\n`, { mode: 0o600 });
    }
    console.log(`acl: ${rows.length} controllers; passwd: ${lines.length - 1} devices + ${serverUser}`);
    if (issued.length > 0) console.log(`issued ${issued.length} new device keys: ${path.join(out, 'device-keys.csv')}`);
    if (withoutKey > 0) {
      console.log(`${withoutKey} authorized controllers have no broker password yet: run again with --issue-keys`);
    }
  } finally {
    await pool.end();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
