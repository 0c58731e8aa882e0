import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { normalizeMac } from '@rcm/shared/device';
import { CASE_FAULTS, type CaseFault, isCaseFault } from './case-controller.ts';
import type { FleetOptions } from './fleet.ts';
import type { LineSettings } from './modbus-bus.ts';
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
  --fault MAC:KIND[@RACK] inject a fault at start (repeatable)
Modbus TCP bus of simulated case controllers (a store gateway reads it; --key is then optional):
  --modbus HOST:PORT     serve the bus there (e.g. 127.0.0.1:5020)
  --modbus-units SPEC    unit ids and their device profile, e.g. 1-8:danfoss-ak-cc55,9:carel-ir33
                         (default 1-8:danfoss-ak-cc55)
  --profiles-dir DIR     more device profiles, besides the gateway's shipped ones
  --modbus-line BAUD:FMT answers take the line time of a serial bus, e.g. 19200:8E1 (default: at once)
  --modbus-fault UNIT:KIND  high_case_temp, stuck_defrost, sensor_failure or offline (repeatable)`;

export type FaultSpec = { mac: string; kind: FaultKind; rack?: string };
export type ModbusSpec = {
  host: string;
  port: number;
  units: { unit: number; profile: string }[];
  profilesDir?: string;
  line?: LineSettings;
  faults: { unit: number; kind: CaseFault }[];
  seed?: number;
};
/** `fleet` is null when only a Modbus bus is served. */
export type CliConfig = { fleet: FleetOptions | null; modbus?: ModbusSpec; durationS?: number; faults: FaultSpec[] };

/** `1-8:danfoss-ak-cc55,9:carel-ir33`: unit ids (1–247) and the profile each answers as. */
export function parseModbusUnits(raw: string): { unit: number; profile: string }[] {
  const out: { unit: number; profile: string }[] = [];
  const seen = new Set<number>();
  for (const part of raw.split(',').filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?:([a-z0-9][a-z0-9_.-]*)$/.exec(part.trim());
    const from = Number(m?.[1]);
    const to = m?.[2] === undefined ? from : Number(m[2]);
    if (!m || from < 1 || to > 247 || to < from) {
      throw new Error(`--modbus-units expects FROM[-TO]:PROFILE with unit ids 1-247, got '${part}'`);
    }
    for (let unit = from; unit <= to; unit++) {
      if (seen.has(unit)) throw new Error(`--modbus-units names unit ${unit} twice`);
      seen.add(unit);
      out.push({ unit, profile: m[3] as string });
    }
  }
  if (out.length === 0) throw new Error('--modbus-units names no unit');
  return out;
}

/** `19200:8E1` (baud, data bits, parity N/E/O, stop bits). */
export function parseLine(raw: string): LineSettings {
  const m = /^(\d+):([78])([NEO])([12])$/i.exec(raw);
  if (!m) throw new Error(`--modbus-line expects BAUD:8E1 (data bits, parity N/E/O, stop bits), got '${raw}'`);
  const parity = { N: 'none', E: 'even', O: 'odd' } as const;
  return {
    baud: Number(m[1]),
    data_bits: Number(m[2]) as 7 | 8,
    parity: parity[(m[3] as string).toUpperCase() as 'N' | 'E' | 'O'],
    stop_bits: Number(m[4]) as 1 | 2,
  };
}

function parseHostPort(raw: string): { host: string; port: number } {
  const cut = raw.lastIndexOf(':');
  const port = Number(raw.slice(cut + 1));
  if (cut < 1 || !Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`--modbus expects HOST:PORT, got '${raw}'`);
  }
  return { host: raw.slice(0, cut), port };
}

function parseModbusFault(raw: string): { unit: number; kind: CaseFault } {
  const [unit = '', kind = ''] = raw.split(':');
  if (!/^\d+$/.test(unit) || !isCaseFault(kind)) {
    throw new Error(`--modbus-fault expects UNIT:${CASE_FAULTS.join('|')}, got '${raw}'`);
  }
  return { unit: Number(unit), kind };
}

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
      modbus: { type: 'string' },
      'modbus-units': { type: 'string', default: '1-8:danfoss-ak-cc55' },
      'profiles-dir': { type: 'string' },
      'modbus-line': { type: 'string' },
      'modbus-fault': { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;

  const url = values.url;
  const transport = values.transport ?? (/^https?:/i.test(url) ? 'http' : 'mqtt');
  if (transport !== 'mqtt' && transport !== 'http')
    throw new Error(`--transport must be mqtt or http, got '${transport}'`);

  const modbus: ModbusSpec | undefined = values.modbus
    ? {
        ...parseHostPort(values.modbus),
        units: parseModbusUnits(values['modbus-units']),
        ...(values['profiles-dir'] && { profilesDir: values['profiles-dir'] }),
        ...(values['modbus-line'] && { line: parseLine(values['modbus-line']) }),
        faults: values['modbus-fault'].map(parseModbusFault),
      }
    : undefined;
  const racks = int(values.racks, 'racks', 2, 1);
  const casesPerRack = int(values.cases, 'cases', 3, 1);
  let controllers: SimController[];
  if (values['keys-file']) {
    const path = values['keys-file'];
    controllers = parseKeysFile(await readFile(path, 'utf8'), path);
  } else if (!values.key && modbus) {
    controllers = [];
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
    fleet:
      controllers.length === 0
        ? null
        : {
            transport,
            url,
            controllers,
            intervalMs: int(values['interval-ms'], 'interval-ms', 10_000, 1),
            ...(seed !== undefined && { seed }),
          },
    ...(modbus && { modbus: { ...modbus, ...(seed !== undefined && { seed }) } }),
    ...(durationS !== undefined && { durationS }),
    faults: values.fault.map(parseFault),
  };
}
