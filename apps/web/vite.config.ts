import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreen } from './scripts/first-screen-plugin.ts';
import { inlineIcon } from './scripts/inline-icon.ts';
import { precompress } from './scripts/precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineIcon(), firstScreen(), precompress()],
  // zod without `new Function` (src/lib/zod.ts); the exact specifier only, so the alias's own
  // imports of zod's subpaths resolve as usual.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
      // `@/…` is the web's src: an import leaving its area (a feature, app/, lib/, components/) says so.
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      // The features' modules declare and export; none runs anything on import. So a feature's
      // index.ts (the only way another feature reaches it) carries into a chunk only what is used.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/src/features/') },
      output: {
        codeSplitting: {
          // A module shared by a few lazy pages would otherwise be a chunk of its own: the dashboard's
          // first load was 76 requests, most of them 1–2 KiB, each a round trip on a phone's network.
          // Common chunks under 16 KiB of source are copied into the chunks that import them instead
          // (19 requests; the bytes about the same): bench/results/lighthouse.md.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
});
