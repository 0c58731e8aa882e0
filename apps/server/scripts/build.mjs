// Builds the server for production: one self-contained ES module per entry in apps/server/dist (no
// shared chunks, so each entry's import.meta.url is dist/<entry>.js), run by plain
// `node` (no transpiler at run time). Our own TypeScript, the workspace packages (@rcm/shared,
// @rcm/simulator: TypeScript sources) included; every other package stays an import of node_modules,
// resolved at run time as usual. Worker threads are entries of their own (lib/worker.ts starts
// `dist/<name>.js`), as are the command-line tools.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const entries = {
  main: 'src/main.ts',
  'broker-worker': 'src/features/ingest/transports/broker-worker.ts',
  'safety-net-worker': 'src/features/ingest/transports/safety-net-worker.ts',
  'user-create-cli': 'src/features/setup/user-create-cli.ts',
  'restore-cli': 'src/features/ops/restore-cli.ts',
  'mosquitto-acl-cli': 'src/features/ops/mosquitto-acl-cli.ts',
};

const dist = path.join(root, 'dist');
await rm(dist, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: entries,
  outdir: dist,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        // A bare import is a package: external, except our workspace packages, which ship TypeScript.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@rcm/') || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(
  `server built into ${path.relative(process.cwd(), dist) || '.'} in ${Math.round(performance.now() - started)} ms`,
);
