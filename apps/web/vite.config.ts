import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // zod without `new Function` (src/lib/zod.ts); the exact specifier only, so the alias's own
  // imports of zod's subpaths resolve as usual.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) }] },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
