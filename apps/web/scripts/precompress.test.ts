import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('writes brotli and gzip copies of the text files that are worth it, and only those', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rcm-precompress-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  const script = `console.log(${JSON.stringify('refrigeration '.repeat(500))});`;
  writeFileSync(path.join(dir, 'assets/index-abc.js'), script);
  writeFileSync(path.join(dir, 'index.html'), `<html>${'<p>x</p>'.repeat(300)}</html>`);
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(path.join(dir, 'assets/photo.png'), Buffer.alloc(4096, 7));
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify({ a: 'b'.repeat(3000) }));

  expect(await precompressDir(dir)).toBe(2);

  const js = path.join(dir, 'assets/index-abc.js');
  expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
  expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
  // Too small to gain, already compressed, and the build's own manifest (never served).
  expect(existsSync(path.join(dir, 'robots.txt.br'))).toBe(false);
  expect(existsSync(path.join(dir, 'assets/photo.png.br'))).toBe(false);
  expect(existsSync(path.join(dir, '.vite/manifest.json.br'))).toBe(false);
});
