import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

// A built console as the web build leaves it: hashed assets with their brotli and gzip copies
// (apps/web/scripts/precompress.ts), index.html with its copies, a robots.txt without (too small).
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
// The page's first script is inline (apps/web/scripts/first-screen-plugin.ts).
const inline = 'window.firstScreen = true;';
const html = `<!doctype html><html><head><title>t</title><script>${inline}</script></head><body>${'<p>console</p>'.repeat(200)}</body></html>`;
const robots = 'User-agent: *\nDisallow: /\n';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'rcm-spa-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, body: string, compressed: boolean) => {
    writeFileSync(path.join(dist, name), body);
    if (!compressed) return;
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
  };
  write('assets/index-Ab12Cd34.js', script, true);
  write('index.html', html, true);
  write('robots.txt', robots, false);
  t = await createTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built console', () => {
  it('sends a hashed asset precompressed, brotli first, cached for a year', async () => {
    const br = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const res = await t.app.inject({ url: '/assets/index-Ab12Cd34.js.br' });
    // The history fallback answers: the page, not the brotli bytes.
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the page for client-side routes compressed and never cached without asking', async () => {
    const res = await t.app.inject({ url: '/alarms', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it("allows the page's inline script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ url: '/' });
    const sha = createHash('sha256').update(inline).digest('base64');
    const scripts = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '));
    expect(scripts).toBe(`script-src 'self' 'sha256-${sha}'`);
    // Every answer carries the same policy, an API answer too.
    const api = await t.app.inject({ url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('answers robots.txt with the file, not the page', async () => {
    const res = await t.app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(robots);
  });
});
