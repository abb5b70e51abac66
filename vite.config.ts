import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The console is a static build; server addresses come from /config.json at run time
// (served by `npm start` beside index.html), so one build serves any pair of servers.
// Under `npm run dev`, Vite serves the same file from the environment.
const devConfigJson = (): Plugin => ({
  name: 'fieldbase-dev-config-json',
  configureServer(server) {
    server.middlewares.use('/config.json', (_req, res) => {
      const env = process.env;
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          authUrl: env.AUTH_URL || undefined,
          apiUrl: env.API_URL || undefined,
          authPort: Number(env.AUTH_PORT ?? 8081),
          apiPort: Number(env.API_PORT ?? 8082),
        }),
      );
    });
  },
});

export default defineConfig({
  plugins: [react(), devConfigJson()],
  build: { outDir: 'dist/console', emptyOutDir: true, chunkSizeWarningLimit: 2500 },
  server: { port: Number(process.env.VITE_PORT ?? 5173), strictPort: true },
});
