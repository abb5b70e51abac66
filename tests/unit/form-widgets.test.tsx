/**
 * The preview's own widgets for choice fields: a choice field with no options yet is shown, with
 * what to do, the same way whatever its type; radio buttons list the options and nothing else.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { FormField } from '@model/forms/field-definition';
import FormPreview from '../../src/forms/preview/FormPreview';

afterEach(cleanup);

const choice = (field_type: FormField['field_type'], label: string, option_choice?: string): FormField => ({
  field_label: label,
  field_name: label.toLowerCase().replace(/\W+/g, '_'),
  field_type,
  ...(option_choice !== undefined ? { extra_details: { option_choice } } : {}),
});

describe('a choice field with no options yet', () => {
  it('is shown with its label and a hint, for radio buttons, dropdowns, checkboxes and multiple selects alike', async () => {
    render(
      <FormPreview
        fields={[
          choice('radio', 'Empty radio'),
          choice('dropdown', 'Empty dropdown', ''),
          choice('checkbox', 'Empty checkboxes'),
          choice('multiple-select', 'Empty multiple select', '\n'),
        ]}
      />,
    );
    for (const label of ['Empty radio', 'Empty dropdown', 'Empty checkboxes', 'Empty multiple select']) {
      const hint = await screen.findByRole('note', { name: label });
      expect(hint.textContent).toBe('No options to choose from yet: add them in the field’s Options');
    }
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.queryAllByRole('combobox')).toEqual([]);
  });

  it('shows its options once it has some', async () => {
    render(<FormPreview fields={[choice('radio', 'Attended', 'yes: Yes\nno: No')]} />);
    expect(await screen.findByLabelText('Yes')).toBeTruthy();
    expect(screen.queryByRole('note', { name: 'Attended' })).toBeNull();
  });
});

describe('radio buttons', () => {
  it('offer exactly the options, without a button for "no answer", and the one picked is kept', async () => {
    render(<FormPreview fields={[choice('radio', 'Attended', 'yes: Yes\nno: No')]} />);
    const group = await screen.findByRole('radiogroup');
    const buttons = within(group).getAllByRole('radio');
    expect(buttons.map((b) => b.closest('label')?.textContent)).toEqual(['Yes', 'No']);
    fireEvent.click(screen.getByLabelText('No'));
    expect((screen.getByLabelText('No') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Yes') as HTMLInputElement).checked).toBe(false);
  });
});
