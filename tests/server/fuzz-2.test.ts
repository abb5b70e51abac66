/** The fuzz of every route (tests/support/fuzz-suite.ts), part 2 of 2. */
import { fuzzSuite } from '../support/fuzz-suite.ts';

fuzzSuite(1, 2);
