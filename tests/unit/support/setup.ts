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
// Files share a worker (vitest.config.ts): the file about to run loads the console's modules
// and its own helpers anew, so module state (the session cache, the runtime config) and modules
// bound to another file's vi.mock stay with the file that made them. Libraries in node_modules
// stay loaded, which is the time saved.
vi.resetModules();
