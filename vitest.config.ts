import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { modelAlias } from './tests/support/model-alias.ts';

// The shared model is imported as `@model/...` everywhere (tsconfig `paths` for tsc and tsx).
const resolve = { alias: modelAlias };

// Two projects: `unit` (console code under jsdom) and `server` (Fastify apps against a real
// PostgreSQL, one fresh database per test file). Run one with `vitest run --project <name>`.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve,
        test: {
          name: 'unit',
          // A file that tests no page says `// @vitest-environment node` on its first line: a jsdom costs about a second per file.
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/support/setup.ts'],
          // A worker runs file after file in one process and one jsdom instead of a new process
          // per file, so React, MUI and react-admin load once per worker (about 80 s of a 220 s
          // stage). setup.ts starts each file as a new page would (the console's modules loaded
          // anew, storage and body empty), so nothing carries over to the next file.
          isolate: false,
          // Vitest's default is one worker fewer than the cores: a single worker on 2 cores.
          maxWorkers: 2,
          // Limits that hold at twice the load of a busy machine: a test fails on what it sees, not on time.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/server-global-setup.ts'],
          setupFiles: ['tests/support/server-setup.ts'],
          // Files run in parallel, each on its own database; two workers suit a 2-core machine
          // (argon2 hashing is the CPU cost).
          fileParallelism: true,
          // A worker imports the server once for all its files instead of once per file (about
          // 90 s of a 300 s stage). Files share no state but the model (server-setup.ts says how)
          // and each starts its own servers on its own database.
          isolate: false,
          maxWorkers: 2,
          // Hang guards, not speed checks: they hold at several times a busy machine's load (work is bounded by count).
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve,
        test: {
          // Minutes of load on whole instances (`npm run test:load`), not part of `npm test`.
          name: 'load',
          environment: 'node',
          include: ['tests/load/**/*.test.ts'],
          globalSetup: ['tests/support/server-global-setup.ts'],
          fileParallelism: false,
          testTimeout: 900_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
