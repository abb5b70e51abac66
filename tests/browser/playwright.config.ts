import { defineConfig } from '@playwright/test';
import { E2E, consoleUrl } from './e2e-settings.ts';

// Debian's Chromium (scripts/ensure-chromium.sh installs it); Playwright never downloads a browser here.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/browser',
  fullyParallel: false,
  workers: 1,
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
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'npx tsx tests/browser/e2e-servers.ts',
    cwd: '../..',
    url: `http://localhost:${E2E.authPort}/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
