/**
 * The life of a fake api (MSW) around a file of component tests: listening for the whole file,
 * refusing any request it does not serve, and before each test a fresh store, no session and a
 * wide screen; the rendered page is removed after each test.
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { SetupServer } from 'msw/node';
import { screenWidth } from './render-console';

export function withFakeServer(api: { server: SetupServer; reset(): void }): void {
  // Rendering the whole console in jsdom is slow on a busy machine.
  vi.setConfig({ testTimeout: 60_000 });
  beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    localStorage.clear();
    api.reset();
    screenWidth(false);
  });
  afterEach(cleanup);
  afterAll(() => api.server.close());
}
