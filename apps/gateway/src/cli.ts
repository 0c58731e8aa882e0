import { parseCliArgs, USAGE } from './cli-args.ts';
import { ConfigError } from './config.ts';
import { startGateway } from './gateway.ts';
import { loadSetup, type Setup } from './setup.ts';

function summary(setup: Setup): string {
  const lines = [`${setup.profiles.size} profiles: ${[...setup.profiles.keys()].sort().join(', ')}`];
  for (const bus of setup.config.buses) {
    const units = setup.children.filter((c) => c.bus.name === bus.name);
    lines.push(
      `bus ${bus.name} (${units[0]?.endpoint ?? (bus.serial?.path || `${bus.tcp?.host}:${bus.tcp?.port}`)}): ${units.length} devices`,
    );
    for (const c of units)
      lines.push(`  ${c.child}: ${c.device.name} (${c.profile.id} ${c.profile.version}), every ${c.device.poll_s} s`);
  }
  return lines.join('\n');
}

function main(argv: string[]): number | null {
  let args: ReturnType<typeof parseCliArgs>;
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    console.error(
      (err as Error).message.includes('usage:') ? (err as Error).message : `${(err as Error).message}\n${USAGE}`,
    );
    return 2;
  }
  let setup: Setup;
  try {
    setup = loadSetup(args.config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`rcm-gateway: the configuration is not valid\n${err.message}`);
      return 1;
    }
    throw err;
  }
  for (const w of setup.warnings) console.warn(`warning: ${w}`);
  console.log(summary(setup));
  if (args.check) {
    console.log('configuration and profiles are valid');
    return 0;
  }
  const log = (m: string) => console.log(`${new Date().toISOString()} ${m}`);
  const gateway = startGateway(setup, { log });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    gateway.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return null;
}

const code = main(process.argv.slice(2));
if (code !== null) process.exitCode = code;
