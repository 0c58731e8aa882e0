import { loadProfiles } from '@rcm/gateway/profiles';
import type { DeviceProfile } from '@rcm/shared/device-profile';
import { type ModbusSpec, parseCli, USAGE } from './cli-args.ts';
import { type Fleet, startFleet } from './fleet.ts';
import { type ModbusBus, startModbusBus } from './modbus-bus.ts';
import { toError } from './types.ts';

const SUMMARY_EVERY_MS = 5_000;
/**
 * The same error is printed at most this often: a down broker makes every controller report it
 * every second, and a thousand identical lines hide everything else.
 */
const REPEAT_ERROR_MS = 30_000;

const log = (line: string) => process.stdout.write(`[simulator] ${line}\n`);

function summary(fleet: Fleet): string {
  const { published, acked, failed } = fleet.stats();
  const online = fleet.controllers.filter((c) => c.online).length;
  return `controllers ${online}/${fleet.controllers.length} online · published ${published} · acked ${acked} · failed ${failed}`;
}

/** Serves the bus; every profile it names must be a shipped one or in `--profiles-dir`. */
async function serveModbus(spec: ModbusSpec): Promise<ModbusBus> {
  const profiles = loadProfiles(spec.profilesDir);
  const units = spec.units.map(({ unit, profile }) => {
    const p: DeviceProfile | undefined = profiles.get(profile);
    if (!p) throw new Error(`unit ${unit}: no device profile "${profile}" (known: ${[...profiles.keys()].join(', ')})`);
    return { unit, profile: p };
  });
  const bus = await startModbusBus({
    host: spec.host,
    port: spec.port,
    units,
    ...(spec.line && { line: spec.line }),
    ...(spec.seed !== undefined && { seed: spec.seed }),
  });
  for (const f of spec.faults) bus.inject(f.unit, f.kind);
  const line = spec.line
    ? ` at the line time of ${spec.line.baud} baud ${spec.line.data_bits}${spec.line.parity[0]?.toUpperCase()}${spec.line.stop_bits}`
    : '';
  log(`Modbus TCP bus on ${bus.host}:${bus.port}: ${units.length} case controllers${line}`);
  for (const f of spec.faults) log(`unit ${f.unit}: ${f.kind}`);
  return bus;
}

async function main(): Promise<void> {
  const config = await parseCli(process.argv.slice(2)).catch((err: unknown) => {
    throw new Error(`${toError(err).message} (see --help)`);
  });
  if (!config) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const lastPrinted = new Map<string, { at: number; repeats: number }>();
  const onError = (err: Error, mac: string) => {
    const id = err.message.replaceAll(mac, '…');
    const now = Date.now();
    const last = lastPrinted.get(id);
    if (last !== undefined && now - last.at < REPEAT_ERROR_MS) {
      last.repeats++;
      return;
    }
    const repeats = last?.repeats ? ` (${last.repeats} similar since the last report)` : '';
    lastPrinted.set(id, { at: now, repeats: 0 });
    process.stderr.write(`[simulator] ${mac}: ${err.message}${repeats}\n`);
  };

  const bus = config.modbus ? await serveModbus(config.modbus) : null;
  const { fleet: options } = config;
  let fleet: Fleet | null = null;
  if (options) {
    log(`starting ${options.controllers.length} controllers over ${options.transport} to ${options.url}`);
    fleet = await startFleet({ ...options, onError });
    log(`all ${fleet.controllers.length} controllers connected`);
    for (const fault of config.faults) {
      fleet.inject(fault.mac, fault.kind, fault.rack ? { rack: fault.rack } : undefined);
      log(`injected ${fault.kind} on ${fault.mac}${fault.rack ? ` rack ${fault.rack}` : ''}`);
    }
  }

  const ticker = setInterval(() => {
    if (fleet) log(summary(fleet));
    if (bus) log(`Modbus: ${bus.stats().requests} requests, ${bus.stats().answered} answered`);
  }, SUMMARY_EVERY_MS);
  let stopping = false;
  const shutdown = async (why: string) => {
    if (stopping) {
      // A second Ctrl-C means "now": do not wait for a broker that does not answer.
      process.exit(1);
    }
    stopping = true;
    clearInterval(ticker);
    clearTimeout(deadline);
    log(`${why}: stopping`);
    await Promise.all([fleet?.stop(), bus?.close()]);
    if (fleet) log(summary(fleet));
  };
  const deadline = config.durationS
    ? setTimeout(() => void shutdown('duration reached'), config.durationS * 1000)
    : undefined;
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`[simulator] ${toError(err).message}\n`);
  process.exitCode = 1;
});
