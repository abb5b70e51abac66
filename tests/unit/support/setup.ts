/**
 * Set-up of every console unit test file. A page's first render in jsdom can take seconds on a
 * busy machine: the tests wait for what a person would see for as long as the slowest machine
 * needs (twice the load of a busy CI run), never failing on time alone. MUI's styles stay off
 * the page (page-styles.ts says why).
 */
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { keepStylesOffPage } from './page-styles.ts';

configure({ asyncUtilTimeout: 20_000 });
keepStylesOffPage();
// Files share a worker and its jsdom (vitest.config.ts). Each starts from what a new page would
// be: its own modules loaded anew (module state such as the session cache, and modules bound to
// another file's vi.mock, stay with the file that made them; libraries in node_modules stay
// loaded, which is the time saved), empty storage, an empty body, and no screen width a previous
// file set.
vi.resetModules();
if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  document.body.replaceChildren();
  if (!('defaultMatchMedia' in globalThis)) Object.assign(globalThis, { defaultMatchMedia: window.matchMedia });
  window.matchMedia = (globalThis as unknown as { defaultMatchMedia: typeof window.matchMedia }).defaultMatchMedia;
}
