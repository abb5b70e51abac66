/** The fuzz of every route (tests/support/fuzz-suite.ts), part 1 of 2. */
import { fuzzSuite } from '../support/fuzz-suite.ts';

fuzzSuite(0, 2);
