/**
 * The life of a fake api (MSW) around a file of component tests: listening for the whole file,
 * refusing any request it does not serve (but a record's empty History), and before each test a fresh store, no session and a
 * wide screen; the rendered page is removed after each test.
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { SetupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { screenWidth } from './render-console';

/** Every record page shows its History: a record made in a test has none yet. */
const emptyHistory = http.get(/\/history(\?.*)?$/, () => HttpResponse.json({ data: [], next: null }));

export function withFakeServer(api: { server: SetupServer; reset(): void }): void {
  // Rendering the whole console in jsdom is slow on a busy machine.
  vi.setConfig({ testTimeout: 60_000 });
  beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    localStorage.clear();
    api.reset();
    api.server.use(emptyHistory);
    screenWidth(false);
  });
  afterEach(cleanup);
  afterAll(() => api.server.close());
}
