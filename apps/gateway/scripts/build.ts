import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The standalone build for a store box: one bundle (`rcm-gateway.mjs`) plus `profiles/`. serialport
 * stays outside the bundle: its native binding is loaded from node_modules (prebuilt for Linux x64,
 * arm and arm64), so the box needs `npm install serialport` beside it, or this repository's node_modules.
 */
export async function buildGateway(outDir: string): Promise<string> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, 'rcm-gateway.mjs');
  await build({
    entryPoints: [join(root, 'src/cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: ['serialport', '@serialport/*'],
    // modbus-serial and mqtt are CommonJS: their require calls need a require in an ES module.
    banner: {
      js: "import { createRequire as __rcmRequire } from 'node:module'; const require = __rcmRequire(import.meta.url);",
    },
    legalComments: 'none',
    logLevel: 'warning',
  });
  cpSync(join(root, 'profiles'), join(outDir, 'profiles'), { recursive: true });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  buildGateway(out).then(
    (file) => console.log(`built ${file} and ${join(out, 'profiles')}`),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
