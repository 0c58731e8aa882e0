import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The CSP sources of the built page's inline scripts (its first script, apps/web/src/first-screen.ts):
 * `'sha256-…'` of each, so the browser runs exactly those and no other inline script. None without
 * a build.
 */
export function inlineScriptSources(dist: string): string[] {
  const page = path.join(dist, 'index.html');
  if (!existsSync(page)) return [];
  const html = readFileSync(page, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}

/**
 * helmet's options for every response. Images come from this origin only, unless avatars are
 * Gravatar's (AVATARS=gravatar): by default the browser asks no third party for anything. Scripts come
 * from this origin, and inline only those of `inlineScripts` (inlineScriptSources).
 */
export function helmetOptions(avatars: 'gravatar' | 'initials', inlineScripts: string[] = []): FastifyHelmetOptions {
  return {
    // TLS ends at the reverse proxy in production (deploy/); HSTS and upgrades belong there.
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        'upgrade-insecure-requests': null,
        'script-src': ["'self'", ...inlineScripts],
        'img-src': ["'self'", 'data:', ...(avatars === 'gravatar' ? ['https://www.gravatar.com'] : [])],
        'connect-src': ["'self'", 'ws:', 'wss:'],
      },
    },
  };
}

/** What a Fastify reply carries without helmet: everything else in the probe's answer is helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * helmet's response headers on every response, from a table built once at start. @fastify/helmet runs
 * helmet's middleware chain on every request (building the CSP from its directives each time): about
 * 20 µs a request in bench:api's profile. Without per-request CSP nonces (not used here) the headers
 * never change, so they are taken once from the plugin itself, on a probe instance with the same
 * options, and set as they are.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => 'probe');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_HELMET.has(name) && typeof value === 'string') headers[name] = value;
  }
  if (!headers['content-security-policy']) throw new Error('helmet probe set no Content-Security-Policy');
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
