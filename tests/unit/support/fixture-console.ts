/**
 * The set-up every component test of the fixture entities shares: the test-only entities in the
 * model, a fake api (MSW) serving them, a fresh session and a wide screen before each test.
 */
import { installFixtureModel } from '../../support/fixture-model';
import { createFixtureApi } from './fixture-api';
import { withFakeServer } from './fake-server-lifecycle';

export function withFixtureConsole() {
  installFixtureModel();
  const api = createFixtureApi();
  withFakeServer(api);
  return api;
}
