/**
 * The demo's store whose cases arrive through a real store gateway: the simulator serves a Modbus TCP
 * bus of case controllers (Danfoss AK-CC55 and Carel ir33 profiles, the simulator's case physics), and
 * the gateway program (apps/gateway, its own process) polls it and speaks for them to the embedded
 * broker. On the demo's first start with it the gateway is authorized into FreshMart #101 Downtown (as
 * the seed authorizes the demo's controllers, with a device key derived from its MAC); its key is written
 * where the gateway's config reads `key_file`, as an installer would, and its birth brings the children
 * into that store.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProfiles } from '@rcm/gateway/profiles';
import { DEMO_GATEWAY_MAC, DEMO_PROVISIONING_KEY, demoDeviceKey } from '@rcm/shared/demo';
import type { DeviceProfile } from '@rcm/shared/device-profile';
import { type ModbusBus, startModbusBus } from '@rcm/simulator/modbus-bus';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { controllers, locations } from '../db/schema.ts';
import { hashToken } from '../features/auth/tokens.ts';
import { DEMO_FLEET_SEED } from './demo-fleet.ts';

/** The store's cases: unit id on the bus, the profile it answers as, and its name. */
export const DEMO_GATEWAY_UNITS = [
  { unit: 1, profile: 'danfoss-ak-cc55', name: 'Dairy case 1' },
  { unit: 2, profile: 'danfoss-ak-cc55', name: 'Dairy case 2' },
  { unit: 3, profile: 'danfoss-ak-cc55', name: 'Deli case' },
  { unit: 4, profile: 'danfoss-ak-cc55', name: 'Meat case' },
  { unit: 5, profile: 'carel-ir33', name: 'Produce case' },
  { unit: 6, profile: 'carel-ir33', name: 'Beverage cooler' },
] as const;
/** The store the gateway is authorized into on the demo's first start with it. */
export const DEMO_GATEWAY_STORE = 'FreshMart #101 Downtown';
/** The meat case's defrosts stick at 90 minutes: its controller's defrost and alarm registers show it. */
const DEMO_GATEWAY_FAULTS = [{ unit: 4, fault: 'stuck_defrost' }] as const;

/** The repository's root: the directory above this file's that holds `apps/gateway` (from src/ or dist/). */
function repoRoot(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'apps/gateway/profiles'))) return dir;
    dir = dirname(dir);
  }
  return null;
}

/** The gateway as a store box runs it: its bundle when built (`npm start` builds it), else its sources through tsx. */
function gatewayCommand(root: string): string[] {
  const bundle = join(root, 'apps/gateway/dist/rcm-gateway.mjs');
  const flags = ['--max-semi-space-size=1', '--max-old-space-size=32'];
  if (existsSync(bundle)) return [...flags, bundle];
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return [...flags, '--import', tsx, join(root, 'apps/gateway/src/cli.ts')];
}

export type DemoGateway = { units: number; endpoint: string; stop(): Promise<void> };

/**
 * The demo's gateway, authorized into its store the first time (never again once an administrator
 * decommissioned it); null when it is not there with the demo's key (re-keyed, decommissioned, or the
 * store is gone).
 */
async function demoGatewayRow(db: Db): Promise<{ authorised: boolean } | null> {
  const rows = await db
    .select({
      authorised: controllers.authorised,
      keyHash: controllers.deviceKeyHash,
      decommissionedAt: controllers.decommissionedAt,
    })
    .from(controllers)
    .where(eq(controllers.macAddress, DEMO_GATEWAY_MAC));
  const key = hashToken(demoDeviceKey(DEMO_GATEWAY_MAC));
  if (rows.length > 0) {
    const live = rows.find((r) => r.decommissionedAt === null);
    return live?.authorised && live.keyHash === key ? { authorised: true } : null;
  }
  const [store] = await db
    .select({ id: locations.id, organizationId: locations.organizationId })
    .from(locations)
    .where(eq(locations.name, DEMO_GATEWAY_STORE));
  if (!store) return null;
  await db.insert(controllers).values({
    macAddress: DEMO_GATEWAY_MAC,
    kind: 'gateway',
    name: 'Store gateway',
    organizationId: store.organizationId,
    locationId: store.id,
    deviceModel: 'RCM store gateway',
    authorised: true,
    authorizedAt: new Date(),
    online: false,
    deviceKeyHash: key,
  });
  return { authorised: true };
}

/** Starts the bus and the gateway, when the demo's gateway is there with the demo's key. */
export async function startDemoGateway(deps: {
  db: Db;
  mqttUrl: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Promise<DemoGateway | null> {
  const root = repoRoot();
  if (!root || !(await demoGatewayRow(deps.db))) return null;
  const key = demoDeviceKey(DEMO_GATEWAY_MAC);

  const profiles = loadProfiles(undefined, join(root, 'apps/gateway/profiles'));
  const bus: ModbusBus = await startModbusBus({
    seed: DEMO_FLEET_SEED,
    units: DEMO_GATEWAY_UNITS.map((u) => ({ unit: u.unit, profile: profiles.get(u.profile) as DeviceProfile })),
  });
  for (const f of DEMO_GATEWAY_FAULTS) bus.inject(f.unit, f.fault);

  const dir = resolve(deps.dataDir, 'demo-gateway');
  mkdirSync(dir, { recursive: true });
  const keyFile = join(dir, 'device.key');
  writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
  const configFile = join(dir, 'gateway.json');
  writeFileSync(
    configFile,
    JSON.stringify(
      {
        console: {
          mqtt_url: deps.mqttUrl,
          mac: DEMO_GATEWAY_MAC,
          provisioning_key: DEMO_PROVISIONING_KEY,
          key_file: keyFile,
        },
        outbox: { dir: join(dir, 'outbox') },
        buses: [{ name: 'rs485', tcp: { host: bus.host, port: bus.port } }],
        // Each case point takes the gateway's default address, `A.CASE{unit}`, which the case alarm and rules know.
        devices: DEMO_GATEWAY_UNITS.map((u) => ({
          bus: 'rs485',
          unit_id: u.unit,
          profile: u.profile,
          name: u.name,
        })),
      },
      null,
      2,
    ),
  );

  let stopping = false;
  let proc: ChildProcess | null = null;
  const run = () => {
    const p = spawn(process.execPath, [...gatewayCommand(root), '--config', configFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc = p;
    const relay = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        deps.log.debug({ gateway: line }, 'demo gateway');
    };
    p.stdout?.on('data', relay);
    p.stderr?.on('data', relay);
    p.once('exit', (code, signal) => {
      if (stopping) return;
      // A store box's systemd restarts the gateway; so does the demo, after a pause.
      deps.log.warn({ code, signal }, 'the demo store gateway stopped; starting it again in 5 s');
      setTimeout(() => {
        if (!stopping) run();
      }, 5_000).unref();
    });
  };
  run();

  return {
    units: DEMO_GATEWAY_UNITS.length,
    endpoint: `${bus.host}:${bus.port}`,
    async stop() {
      stopping = true;
      const p = proc as ChildProcess | null;
      if (p && p.exitCode === null && p.signalCode === null) {
        const exited = new Promise((r) => p.once('exit', r));
        p.kill('SIGTERM');
        const timer = setTimeout(() => p.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await bus.close();
    },
  };
}
