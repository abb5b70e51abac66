/**
 * 'Duplicate fields from another form' (spec 2 §2): the names the copies get (a clash takes the
 * next free _2, _3…, rules among the copies follow), and on the page: search a form, tick its
 * fields, copy them in, Undo takes the copy back in one step.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormField } from '@model/forms/field-definition';
import { duplicatedFields } from '../../src/resources/custom-form/builder/duplicate-fields';
import { renderConsole } from './support/render-console';
import { rows, withFormApi } from './support/form-builder-page';

const api = withFormApi();

const text = (name: string, label = name, extra: Partial<FormField> = {}): FormField => ({
  field_label: label,
  field_name: name,
  field_type: 'text',
  ...extra,
});

describe('the names of copied fields', () => {
  it('keeps a free name, gives a clashing one the next free _2, _3…, and moves the copies’ rules along', () => {
    const existing = [
      text('age'),
      text('age_2'),
      text('group', 'Group', { field_type: 'field-group', extra_details: { fields: [text('village')] } }),
    ];
    const reason = text('reason', 'Reason', {
      validation: {
        condition_chack: true,
        cond_logic: [
          { field_name: 'age', show: 'any-value', value: '' },
          { field_name: 'other', show: 'no-value', value: '' },
        ],
      },
    });
    const copied = duplicatedFields(existing, [text('age'), text('village'), reason, text('notes')]);
    expect(copied.map((f) => f.field_name)).toEqual(['age_3', 'village_2', 'reason', 'notes']);
    expect(copied[2]!.validation!.cond_logic!.map((r) => r.field_name)).toEqual(['age_3', 'other']);
  });

  it("renames a copied group's sub-fields that clash, and their rules", () => {
    const group = text('household', 'Household', {
      field_type: 'field-group',
      extra_details: {
        fields: [
          text('name'),
          text('why', 'Why', { validation: { condition_chack: true, cond_logic: [{ field_name: 'name', show: 'any-value', value: '' }] } }),
        ],
      },
    });
    const [copy] = duplicatedFields([text('name')], [group]);
    expect(copy!.extra_details!.fields!.map((f) => f.field_name)).toEqual(['name_2', 'why']);
    expect(copy!.extra_details!.fields![1]!.validation!.cond_logic![0]!.field_name).toBe('name_2');
  });
});

describe('on the builder', () => {
  it('finds a form, copies the fields ticked after this form’s own, and Undo takes them back in one step', async () => {
    api.seed({ _id: 'src', name: 'Clinic intake', structures: [text('age', 'Age'), text('weight', 'Weight'), text('notes', 'Notes')] });
    renderConsole('/custom-form/add-new');
    await screen.findByRole('heading', { name: 'Add New Form Group' });
    const add = screen.getByRole('form', { name: 'Add a field' });
    fireEvent.change(within(add).getByLabelText('New field label'), { target: { value: 'Age' } });
    fireEvent.click(within(add).getByRole('button', { name: /Add field/ }));
    await screen.findByRole('button', { name: 'Close Age' });

    const section = screen.getByRole('region', { name: 'Duplicate fields from another form' });
    fireEvent.change(within(section).getByRole('combobox', { name: 'Duplicate fields from another form' }), { target: { value: 'Clin' } });
    await waitFor(() => fireEvent.click(screen.getByRole('option', { name: 'Clinic intake' })));
    fireEvent.click(await within(section).findByRole('checkbox', { name: 'Age (Text)' }));
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Notes (Text)' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Copy 2 fields' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(await screen.findByText('Copied 2 fields from “Clinic intake”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Notes' }));
    await waitFor(() => expect((screen.getByLabelText('Field name') as HTMLInputElement).value).toBe('notes'));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
