import { parseArgs } from 'node:util';

export type CliArgs = { config: string; check: boolean };

export const USAGE = 'usage: npm run gateway -w apps/gateway -- --config gateway.yaml [--check]';

/** `--config <file>` (YAML or JSON) and `--check` (validate the config and the profiles, then exit). */
export function parseCliArgs(argv: string[]): CliArgs {
  const { values } = parseArgs({
    args: argv,
    options: { config: { type: 'string', short: 'c' }, check: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values.config) throw new Error(`--config is required\n${USAGE}`);
  return { config: values.config, check: values.check ?? false };
}
