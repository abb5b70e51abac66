import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is a static build; server addresses come from /config.json at run time
// (served by `npm start` beside index.html), so one build serves any pair of servers.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/console', emptyOutDir: true, chunkSizeWarningLimit: 2500 },
  server: { port: Number(process.env.VITE_PORT ?? 5173), strictPort: true },
});
