import { parseCliArgs, USAGE } from './cli-args.ts';
import { busEndpoint, ConfigError } from './config.ts';
import { loadSetup, type Setup } from './setup.ts';

export type Io = { out: (line: string) => void; err: (line: string) => void };

function summary(setup: Setup): string {
  const lines = [`${setup.profiles.size} profiles: ${[...setup.profiles.keys()].sort().join(', ')}`];
  for (const bus of setup.config.buses) {
    const units = setup.children.filter((c) => c.bus.name === bus.name);
    lines.push(`bus ${bus.name} (${busEndpoint(bus)}): ${units.length} devices`);
    for (const c of units) {
      lines.push(`  ${c.child}: ${c.device.name} (${c.profile.id} ${c.profile.version}), every ${c.device.poll_s} s`);
    }
  }
  return lines.join('\n');
}

/**
 * What the command line asks for: an exit code (a bad command line 2, a bad config 1, `--check` 0),
 * or the validated setup to run.
 */
export function prepare(argv: string[], io: Io): { exit: number } | { setup: Setup } {
  let args: ReturnType<typeof parseCliArgs>;
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    const message = (err as Error).message;
    io.err(message.includes('usage:') ? message : `${message}\n${USAGE}`);
    return { exit: 2 };
  }
  let setup: Setup;
  try {
    setup = loadSetup(args.config);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(`rcm-gateway: the configuration is not valid\n${err.message}`);
    return { exit: 1 };
  }
  for (const w of setup.warnings) io.err(`warning: ${w}`);
  io.out(summary(setup));
  if (!args.check) return { setup };
  io.out('configuration and profiles are valid');
  return { exit: 0 };
}
