import { defineConfig } from '@playwright/test';
import { E2E_STACKS, consoleUrl, e2eStack } from './e2e-settings.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/browser',
  // Files are shared out among the workers, a file's tests run in order in one worker, and each
  // worker has a stack of its own (e2e-settings.ts): the tests spend most of their time waiting
  // on pages, so two workers take about half the time on 2 cores.
  fullyParallel: false,
  workers: E2E_STACKS,
  retries: 0,
  // Limits that hold at twice the load of a busy 2-core machine (the longest journey takes 36 s idle):
  // a test fails on what it sees, not on time alone.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: '../../test-results/browser.json' }]],
  use: {
    baseURL: consoleUrl,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // One stack per worker. Playwright starts them in order, so the first builds the console
  // (when its sources changed) before the next serves the same build.
  webServer: Array.from({ length: E2E_STACKS }, (_, stack) => ({
    command: 'npx tsx tests/browser/e2e-servers.ts',
    cwd: '../..',
    env: { E2E_STACK: String(stack) },
    url: `http://localhost:${e2eStack(stack).authPort}/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  })),
});
