/** The builder's field list reducer and the name derived from a label. */
import { describe, expect, it } from 'vitest';
import { fieldNameFromLabel } from '@model/forms/field-name';
import { builderReducer, loadedState, structuresOf } from '../../src/resources/custom-form/builder/builder-state';
import { fieldOfType } from '../../src/resources/custom-form/builder/new-field';

describe('fieldNameFromLabel', () => {
  it('lower-cases and turns spaces into underscores, leaving out what a name cannot hold', () => {
    expect(fieldNameFromLabel('Date of birth')).toBe('date_of_birth');
    expect(fieldNameFromLabel('  Age (in years)  ')).toBe('age_in_years');
    expect(fieldNameFromLabel('Niño’s school-name')).toBe('ninos_school-name');
    expect(fieldNameFromLabel('Phone / mobile')).toBe('phone_mobile');
  });
});

describe('the field list', () => {
  const three = ['a', 'b', 'c'].map((n) => fieldOfType('text', n.toUpperCase(), n));

  it('shows a loaded form in its order and numbers the fields by place', () => {
    const state = loadedState([
      { ...three[0]!, order: 3 },
      { ...three[1]!, order: 1 },
      { ...three[2]!, order: 2 },
    ]);
    expect(structuresOf(state).map((f) => [f.field_name, f.order])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
  });

  it('moves a field and renumbers, leaving the fields that kept their place as they were', () => {
    const state = loadedState(three);
    const [k1, k2, k3] = state.keys;
    const moved = builderReducer(state, { type: 'move', from: k3!, to: k1! });
    expect(structuresOf(moved).map((f) => [f.field_name, f.order])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    const relabelled = builderReducer(moved, { type: 'label', key: k2!, label: 'Bee' });
    expect(relabelled.fields[k1!]).toBe(moved.fields[k1!]);
    expect(relabelled.fields[k3!]).toBe(moved.fields[k3!]);
    expect(relabelled.keys).toBe(moved.keys);
    // A loaded field keeps its name when its label changes.
    expect(relabelled.fields[k2!]!.field.field_name).toBe('b');
  });

  it("puts the server's problems on their rows, a sub-field's on its group, and drops a row's on its next edit", () => {
    const group = { ...fieldOfType('field-group', 'Kids', 'kids'), extra_details: { fields: [fieldOfType('text', '', 'kid_name')] } };
    const state = loadedState([three[0]!, group, { ...three[1]!, field_name: '' }]);
    const shown = builderReducer(state, {
      type: 'problems',
      fields: { a: 'Please make unique field_name', kid_name: 'Field label is required.', 'structures.2': 'Field label is required.' },
    });
    const [ka, kg, kb] = shown.keys;
    expect(shown.problems).toEqual({
      [ka!]: 'Please make unique field_name',
      [kg!]: 'kid_name: Field label is required.',
      [kb!]: 'Field label is required.',
    });
    expect(builderReducer(shown, { type: 'name', key: ka!, name: 'a2' }).problems[ka!]).toBeUndefined();
  });
});
