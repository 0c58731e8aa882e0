import { readFileSync } from 'node:fs';
import { dirname, extname, isAbsolute, resolve } from 'node:path';
import { normalizeMac } from '@rcm/shared/device';
import { busName, unitId } from '@rcm/shared/gateway';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

const mqttUrl = z
  .string()
  .refine((v) => /^(mqtts?|wss?):\/\/[^/\s]+/.test(v), 'an mqtt://, mqtts://, ws:// or wss:// address');
const mac = z.string().transform((v, ctx) => {
  const m = normalizeMac(v);
  if (!m) ctx.addIssue({ code: 'custom', message: 'a MAC address such as 02:00:00:00:00:01' });
  return m ?? v;
});

const serialBus = z.object({
  path: z.string().min(1),
  baud: z.number().int().positive().default(9600),
  parity: z.enum(['none', 'even', 'odd']).default('none'),
  data_bits: z.union([z.literal(7), z.literal(8)]).default(8),
  stop_bits: z.union([z.literal(1), z.literal(2)]).default(1),
});

const tcpBus = z.object({
  host: z.string().min(1),
  port: z.number().int().min(1).max(65_535).default(502),
  /** `rtu`: a serial-to-Ethernet converter passing RTU frames through (RTU over TCP); `mbap`: Modbus TCP. */
  framing: z.enum(['mbap', 'rtu']).default('mbap'),
});

const bus = z
  .object({
    name: busName,
    serial: serialBus.optional(),
    tcp: tcpBus.optional(),
    request_delay_ms: z.number().int().min(0).max(10_000).default(20),
    timeout_ms: z.number().int().min(10).max(60_000).default(500),
    retries: z.number().int().min(0).max(10).default(1),
    offline_after_failures: z.number().int().min(1).max(100).default(3),
    backoff_s: z.number().min(1).max(86_400).default(60),
  })
  .superRefine((b, ctx) => {
    if (!b.serial === !b.tcp) ctx.addIssue({ code: 'custom', message: 'give exactly one of serial or tcp', path: [] });
  });

const device = z.object({
  bus: busName,
  unit_id: unitId,
  profile: z.string().min(1),
  name: z.string().min(1).max(120),
  rack: z.string().min(1).max(16).default('A'),
  /** The case point's address in telemetry; `{rack}.CASE{unit_id}` when not given. */
  addr: z.string().min(1).max(48).optional(),
  poll_s: z.number().min(0.1).max(3_600).default(10),
});

export const gatewayConfig = z
  .object({
    console: z.object({
      mqtt_url: mqttUrl,
      mac: mac.optional(),
      provisioning_key: z.string().min(1).optional(),
      key_file: z.string().min(1),
    }),
    outbox: z.object({
      dir: z.string().min(1),
      max_mb: z.number().positive().default(1000),
      max_age_days: z.number().positive().default(30),
    }),
    profiles_dir: z.string().min(1).optional(),
    buses: z.array(bus).min(1).max(64),
    devices: z.array(device).max(2000),
  })
  .superRefine((c, ctx) => {
    const buses = new Set<string>();
    c.buses.forEach((b, i) => {
      if (buses.has(b.name))
        ctx.addIssue({ code: 'custom', message: 'a second bus with this name', path: ['buses', i, 'name'] });
      buses.add(b.name);
    });
    const units = new Set<string>();
    c.devices.forEach((d, i) => {
      if (!buses.has(d.bus))
        ctx.addIssue({ code: 'custom', message: `no bus named "${d.bus}"`, path: ['devices', i, 'bus'] });
      const key = `${d.bus}/${d.unit_id}`;
      if (units.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: `a second device at unit ${d.unit_id} on ${d.bus}`,
          path: ['devices', i, 'unit_id'],
        });
      }
      units.add(key);
    });
  });
export type GatewayConfig = z.infer<typeof gatewayConfig>;
export type BusConfig = GatewayConfig['buses'][number];
export type DeviceConfig = GatewayConfig['devices'][number];

export class ConfigError extends Error {}

/** `buses[0].serial.baud` from zod's path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, p) => (typeof p === 'number' ? `${out}[${p}]` : out ? `${out}.${String(p)}` : String(p)),
    '',
  );
}

export function describeIssues(where: string, error: z.ZodError): string {
  const lines = error.issues.map((i) => `  ${fieldPath(i.path) || '(top level)'}: ${i.message}`);
  return `${where}:\n${lines.join('\n')}`;
}

/** Parses a YAML or JSON file (by extension; YAML otherwise, which also reads JSON). */
export function readStructured(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`${path}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  try {
    return extname(path).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new ConfigError(
      `${path}: not valid ${extname(path) === '.json' ? 'JSON' : 'YAML'}: ${(err as Error).message}`,
    );
  }
}

/** Loads and validates the config; relative paths in it are relative to the config file. */
export function loadConfig(path: string): GatewayConfig {
  const parsed = gatewayConfig.safeParse(readStructured(path));
  if (!parsed.success) throw new ConfigError(describeIssues(path, parsed.error));
  const base = dirname(resolve(path));
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  const c = parsed.data;
  return {
    ...c,
    console: { ...c.console, key_file: abs(c.console.key_file) },
    outbox: { ...c.outbox, dir: abs(c.outbox.dir) },
    ...(c.profiles_dir !== undefined && { profiles_dir: abs(c.profiles_dir) }),
  };
}

/** What a bus is connected through, as the console shows it: the serial path or `host:port`. */
export function busEndpoint(b: BusConfig): string {
  return b.serial ? b.serial.path : `${b.tcp?.host}:${b.tcp?.port}`;
}
