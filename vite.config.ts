import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { consolePolicy, safeHostname } from './server/http/content-security-policy.ts';
import { mapTilesFromEnv } from './model/map-tiles.ts';

const vitePort = Number(process.env.VITE_PORT ?? 5173);
// Dev server only (a fixed value is no secret, and a build never carries it): lets Vite's
// inline start-up script run under the same Content-Security-Policy the console has in production.
const DEV_SCRIPT_NONCE = 'fieldbase-dev-server';

// The console is a static build; server addresses come from /config.json at run time
// (served by `npm start` beside index.html), so one build serves any pair of servers.
// Under `npm run dev`, Vite serves the same file from the environment.
const devConfigJson = (): Plugin => ({
  name: 'fieldbase-dev-config-json',
  configureServer(server) {
    const env = process.env;
    const served = {
      authUrl: env.AUTH_URL || undefined,
      apiUrl: env.API_URL || undefined,
      authPort: Number(env.AUTH_PORT ?? 8081),
      apiPort: Number(env.API_PORT ?? 8082),
      mapTiles: mapTilesFromEnv(env),
      googleMapsApiKey: (mapTilesFromEnv(env) && env.GOOGLE_MAPS_API_KEY?.trim()) || undefined,
    };
    server.middlewares.use((req, res, next) => {
      const hostname = safeHostname((req.headers.host ?? 'localhost').replace(/:\d+$/, ''));
      const socket = `ws://${hostname}:${vitePort}`;
      res.setHeader(
        'Content-Security-Policy',
        consolePolicy(served, { protocol: 'http:', hostname }, { scriptNonce: DEV_SCRIPT_NONCE, socket }),
      );
      next();
    });
    server.middlewares.use('/config.json', (_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(served));
    });
  },
});

export default defineConfig(({ command }) => ({
  plugins: [react(), devConfigJson()],
  resolve: {
    alias: {
      '@model': fileURLToPath(new URL('./model', import.meta.url)),
      '@schemas': fileURLToPath(new URL('./schemas', import.meta.url)),
    },
  },
  html: { cspNonce: command === 'serve' ? DEV_SCRIPT_NONCE : undefined },
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    // Everything the first screen needs in one chunk: left to itself, the bundler cuts the code
    // shared with the lazily loaded pages into several chunks, which the browser fetches at once
    // anyway and which compress worse apart.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'console', tags: ['$initial'] }] } } },
  },
  server: { port: vitePort, strictPort: true },
}));
