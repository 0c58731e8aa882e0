/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the
 * build, compressed once at the highest levels, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on every request or not at all.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files that compress; images other than SVG and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than the response headers it adds. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `file.br` and `file.gz` for one file; false when it is too small or does not shrink. */
export async function precompressFile(file: string): Promise<boolean> {
  const { size } = await stat(file);
  if (size < MIN_BYTES) return false;
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length >= size && gzipped.length >= size) return false;
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  return true;
}

/** Compresses every text file under `dir` (the build's output). */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => TEXT.test(f) && !f.includes(`${path.sep}.vite${path.sep}`));
  const done = await Promise.all(files.map(precompressFile));
  return done.filter(Boolean).length;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'rcm:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const out = path.resolve(config.root, config.build.outDir);
      const count = await precompressDir(out);
      config.logger.info(`precompressed ${count} files (brotli, gzip)`);
    },
  };
}
