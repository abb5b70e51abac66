// @vitest-environment node
/**
 * A list property's rules on the console, in the words of its schema's x-messages — the same
 * the api server answers: case statuses start with Open and Closed and repeat none.
 */
import { describe, expect, it } from 'vitest';
import { resourceSchema } from '@model/schema-registry';
import { validatorsFor } from '../../src/resources/generic/schema-inputs';

const statuses = resourceSchema('case_type').properties.case_type_status!;
const problemOf = (value: unknown) =>
  validatorsFor(statuses, false)
    .map((validate) => validate(value, {}, {}))
    .find(Boolean);

describe('list validators (case statuses)', () => {
  it('take Open and Closed followed by any others', () => {
    expect(problemOf(['Open', 'Closed'])).toBeUndefined();
    expect(problemOf(['Open', 'Closed', 'Referred'])).toBeUndefined();
  });

  it('refuse a list without Open and Closed first, or with a status twice, with the schema’s words', () => {
    expect(problemOf(['Open'])).toBe('Statuses must start with Open and Closed');
    expect(problemOf(['Closed', 'Open'])).toBe('Statuses must start with Open and Closed');
    expect(problemOf(['Open', 'Referred', 'Closed'])).toBe('Statuses must start with Open and Closed');
    expect(problemOf(['Open', 'Closed', 'Referred', 'Referred'])).toBe('Each status must differ from the others');
  });
});
