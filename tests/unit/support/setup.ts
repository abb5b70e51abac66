/**
 * Set-up of every console unit test file. A page's first render in jsdom can take seconds on a
 * busy machine: the tests wait for what a person would see for as long as the slowest machine
 * needs (twice the load of a busy CI run), never failing on time alone. MUI's styles stay off
 * the page (page-styles.ts says why).
 */
import { configure } from '@testing-library/react';
import { keepStylesOffPage } from './page-styles.ts';

configure({ asyncUtilTimeout: 20_000 });
keepStylesOffPage();
