/**
 * A Vite plugin that inlines the page's first script (src/first-screen.ts) into the built index.html,
 * with what it needs to know of the build: the chunks of every route's page, of the signed-in shell
 * and of each language's strings. The HTML alone names only the entry's own chunks; everything a
 * signed-in page needs beyond them was asked for only once the entry had downloaded and run, and the
 * user only after that: on a phone's network a chain of round trips before the first screen.
 *
 * The server allows the inline script by its hash in the Content-Security-Policy
 * (apps/server/src/lib/security-headers.ts reads it from the built index.html).
 */
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { LOCALES } from '../../../packages/shared/src/locale.ts';
import { ROUTES } from '../../../packages/shared/src/routes.ts';
import { PAGE_MODULES } from '../src/app/page-modules.ts';
import type { FirstScreenManifest } from '../src/first-screen.ts';

const src = path.resolve(import.meta.dirname, '../src');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route's path (`/jobs/$id/view`, `/inventory/{-$page}`) as a regular expression of the address. */
export function pathPattern(routePath: string): string {
  if (routePath === '/') return '^/$';
  const segments = routePath
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment.startsWith('{-$')) return '(?:/[^/]+)?';
      if (segment.startsWith('$')) return '/[^/]+';
      return `/${escapeRegExp(segment)}`;
    });
  return `^${segments.join('')}/?$`;
}

/** The manifest of src/first-screen.ts from the build's chunks. */
export function firstScreenManifest(bundle: OutputBundle): FirstScreenManifest {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: OutputChunk | undefined, into = new Set<string>()): Set<string> => {
    if (!start || into.has(start.fileName)) return into;
    into.add(start.fileName);
    for (const file of start.imports) closure(byFile.get(file), into);
    return into;
  };
  const bySource = (relative: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId === path.join(src, relative));
    if (!chunk) throw new Error(`first screen: no chunk for src/${relative}`);
    return chunk;
  };
  // The realtime client (socket.io), imported when the user is known (src/lib/realtime.ts): asked for by
  // the entry's code only once that has run, the last request before the first screen.
  const realtimeClient = () => {
    const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.includes('/node_modules/socket.io-client/'));
    if (!chunk) throw new Error('first screen: no chunk for socket.io-client');
    return chunk;
  };
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('first screen: no entry chunk');
  // The HTML preloads these itself.
  const inHtml = closure(entry);

  const files: string[] = [];
  const indexes = (...starts: OutputChunk[]): number[] => {
    const wanted = new Set<string>();
    for (const start of starts) closure(start, wanted);
    // A module of these chunks that is also imported dynamically (a route's loader importing the
    // page's data code, say) is reached through a small facade chunk of its own: that too.
    const modules = new Set([...wanted].flatMap((file) => byFile.get(file)?.moduleIds ?? []));
    for (const c of chunks) {
      if (c.isDynamicEntry && c.facadeModuleId && modules.has(c.facadeModuleId)) closure(c, wanted);
    }
    return [...wanted]
      .filter((file) => !inHtml.has(file))
      .map((file) => {
        if (!files.includes(file)) files.push(file);
        return files.indexOf(file);
      });
  };
  return {
    strings: Object.fromEntries(LOCALES.map((l) => [l, indexes(bySource(`locales/${l}.ts`))])),
    appStrings: Object.fromEntries(LOCALES.map((l) => [l, indexes(bySource(`locales/${l}-app.ts`))])),
    shell: indexes(bySource('app/shell/app-shell.tsx'), bySource('app/shell/shell-data.ts'), realtimeClient()),
    pages: ROUTES.map((route) => {
      const [module] = PAGE_MODULES[route.name];
      const chunk = chunks.find((c) => c.facadeModuleId === path.join(src, module));
      // The sign-in page is part of the entry: nothing more to ask for.
      return [route.name, pathPattern(route.path), chunk ? indexes(chunk) : []];
    }),
    files: files.map((file) => `/${file}`),
  };
}

/**
 * The most the inline script may weigh, minified (about 16 KB today, the manifest a third of it): every
 * page carries and parses it before anything else, the sign-in page included.
 */
const FIRST_SCREEN_MAX_BYTES = 20_000;

/** src/first-screen.ts as one classic script, with the manifest built in. */
async function firstScreenScript(manifest: FirstScreenManifest): Promise<string> {
  const build = await rolldown({
    input: path.join(src, 'first-screen.ts'),
    platform: 'browser',
    transform: { define: { __FIRST_SCREEN__: JSON.stringify(manifest) } },
    // The query options it reads paths from are TanStack Query's; their modules' "use client" means
    // nothing in a script of the page.
    onLog(level, log, handler) {
      if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
    },
  });
  try {
    const { output } = await build.generate({ format: 'iife', minify: true });
    const code = output[0].code.trim();
    if (code.length > FIRST_SCREEN_MAX_BYTES) {
      throw new Error(
        `first screen: the inline script is ${code.length} bytes, over ${FIRST_SCREEN_MAX_BYTES}: something it imports brings more than it uses`,
      );
    }
    return code;
  } finally {
    await build.close();
  }
}

export function firstScreen(): Plugin {
  return {
    name: 'rcm-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const script = await firstScreenScript(firstScreenManifest(ctx.bundle as OutputBundle));
        // After the entry and its preloads in the head: the scanner has asked for those already.
        return html.replace('</head>', () => `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}
