import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { normalizeMac } from '@rcm/shared/device';
import type { FleetOptions } from './fleet.ts';
import { type FaultKind, isFaultKind, type SimController } from './types.ts';

export const USAGE = `Usage: npm run simulate -w apps/simulator -- [options]
  --url URL              mqtt://host:port or http://host:port (default mqtt://127.0.0.1:1883)
  --transport mqtt|http  default: from the URL scheme
  --controllers N        number of controllers (default 10)
  --interval-ms MS       telemetry period per controller (default 10000)
  --racks N              racks per controller (default 2)
  --cases N              cases per rack (default 3)
  --mac-prefix HEX       leading MAC octets (default 02:53); the rest counts up from 1
  --key KEY              device key for every controller (e.g. the provisioning key)
  --keys-file PATH       JSON array of {mac, key}; replaces the generated MACs
  --seed N               repeatable readings
  --duration-s S         stop after S seconds
  --fault MAC:KIND[@RACK] inject a fault at start (repeatable)`;

export type FaultSpec = { mac: string; kind: FaultKind; rack?: string };
export type CliConfig = { fleet: FleetOptions; durationS?: number; faults: FaultSpec[] };

function int(raw: string | undefined, name: string, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got '${raw}'`);
  return n;
}

/** `${prefix}:xx:…` with the remaining octets counting up from 1, so runs address the same controllers. */
export function generatedMac(prefix: string, index: number): string {
  const octets = prefix.split(/[:-]/).filter(Boolean);
  const free = 6 - octets.length;
  if (free < 1 || octets.some((o) => !/^[0-9a-f]{2}$/i.test(o))) {
    throw new Error(`--mac-prefix must be 1 to 5 hex octets, got '${prefix}'`);
  }
  const n = index + 1;
  if (n >= 256 ** free) throw new Error(`--mac-prefix '${prefix}' leaves room for only ${256 ** free - 1} controllers`);
  const tail =
    n
      .toString(16)
      .padStart(free * 2, '0')
      .match(/.{2}/g) ?? [];
  return [...octets, ...tail].join(':').toLowerCase();
}

/** `aa:bb:cc:dd:ee:ff:floodback@B`: the MAC itself has colons, so the kind is the last segment. */
export function parseFault(raw: string): FaultSpec {
  const cut = raw.lastIndexOf(':');
  const [kind = '', rack] = raw.slice(cut + 1).split('@');
  const mac = normalizeMac(raw.slice(0, Math.max(cut, 0)));
  if (cut < 0 || !mac || !isFaultKind(kind)) throw new Error(`--fault expects MAC:KIND[@RACK], got '${raw}'`);
  return rack ? { mac, kind, rack } : { mac, kind };
}

export function parseKeysFile(text: string, path: string): SimController[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error(`${path} must hold a JSON array of {mac, key}`);
  return data.map((entry: unknown, i) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    if (typeof e.mac !== 'string' || typeof e.key !== 'string') {
      throw new Error(`${path}[${i}] needs string fields mac and key`);
    }
    return { mac: e.mac, key: e.key, ...(typeof e.name === 'string' && { name: e.name }) };
  });
}

/** Null when help was asked for. */
export async function parseCli(argv: string[]): Promise<CliConfig | null> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      transport: { type: 'string' },
      controllers: { type: 'string' },
      'interval-ms': { type: 'string' },
      racks: { type: 'string' },
      cases: { type: 'string' },
      'mac-prefix': { type: 'string', default: '02:53' },
      key: { type: 'string' },
      'keys-file': { type: 'string' },
      seed: { type: 'string' },
      'duration-s': { type: 'string' },
      fault: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;

  const url = values.url;
  const transport = values.transport ?? (/^https?:/i.test(url) ? 'http' : 'mqtt');
  if (transport !== 'mqtt' && transport !== 'http')
    throw new Error(`--transport must be mqtt or http, got '${transport}'`);

  const racks = int(values.racks, 'racks', 2, 1);
  const casesPerRack = int(values.cases, 'cases', 3, 1);
  let controllers: SimController[];
  if (values['keys-file']) {
    const path = values['keys-file'];
    controllers = parseKeysFile(await readFile(path, 'utf8'), path);
  } else {
    const key = values.key;
    if (!key) throw new Error('--key or --keys-file is required (a device key, or the provisioning key)');
    const count = int(values.controllers, 'controllers', 10, 1);
    controllers = Array.from({ length: count }, (_, i) => ({ mac: generatedMac(values['mac-prefix'], i), key }));
  }
  controllers = controllers.map((c) => ({ racks, casesPerRack, ...c }));

  const seed = values.seed === undefined ? undefined : int(values.seed, 'seed', 0, 0);
  const durationS = values['duration-s'] === undefined ? undefined : int(values['duration-s'], 'duration-s', 0, 1);
  return {
    fleet: {
      transport,
      url,
      controllers,
      intervalMs: int(values['interval-ms'], 'interval-ms', 10_000, 1),
      ...(seed !== undefined && { seed }),
    },
    ...(durationS !== undefined && { durationS }),
    faults: values.fault.map(parseFault),
  };
}
