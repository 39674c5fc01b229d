// Builds the web console (decision 0058) into dist/console, served by the API at /console.
// `npm run build:console` runs it; `npm start` and the browser tests run it when the console's
// sources are newer than the build (scripts/build-if-needed.js).
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  root: here,
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: path.join(here, '..', 'dist', 'console'),
    emptyOutDir: true,
    // The bundle-size test reads which chunks the first page load needs.
    manifest: true,
    sourcemap: true,
  },
  server: {
    // `npx vite --config console/vite.config.mts` for a dev server in front of `npm start`.
    proxy: Object.fromEntries(
      [
        '/account',
        '/admin',
        '/persister',
        '/entities',
        '/query',
        '/rules',
        '/questions',
        '/integrations',
        '/subscriptions',
        '/alerts',
        '/parameters',
        '/audit-events',
        '/openapi.json',
      ].map((p) => [p, process.env.GRAPHSYNC_URL ?? 'http://127.0.0.1:8080']),
    ),
  },
});
