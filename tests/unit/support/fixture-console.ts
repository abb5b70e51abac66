/**
 * The set-up every component test of the fixture entities shares: the test-only entities in the
 * model, a fake api (MSW) serving them, a fresh session and a wide screen before each test.
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { installFixtureModel } from '../../support/fixture-model';
import { createFixtureApi } from './fixture-api';
import { screenWidth } from './render-console';

export function withFixtureConsole() {
  installFixtureModel();
  // Rendering the whole console in jsdom is slow on a busy machine.
  vi.setConfig({ testTimeout: 60_000 });
  const api = createFixtureApi();
  beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    localStorage.clear();
    api.reset();
    screenWidth(false);
  });
  afterEach(cleanup);
  afterAll(() => api.server.close());
  return api;
}
