/**
 * `zod` as the console's bundle sees it (vite.config.ts aliases the bare specifier here): zod without
 * its compiled parsers. Zod compiles object parsers with `new Function` where it may, and finds out
 * whether it may by trying once; under the console's Content-Security-Policy (no 'unsafe-eval') that
 * try is a CSP violation the browser reports on every page. `jitless` skips the try and the
 * compilation. Set here, before any module that imports `zod` defines a schema.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
