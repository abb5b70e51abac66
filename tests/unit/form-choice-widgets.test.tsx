/**
 * Choice fields in the preview offer the form's choices and nothing else: no blank radio button
 * ticked before anything is chosen, no blank entry at the end of a dropdown; a choice still
 * sticks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FormField } from '@model/forms/field-definition';
import FormPreview from '../../src/forms/preview/FormPreview';

const choices = { option_choice: 'f: Female\nm: Male' };
const gender: FormField = { field_label: 'Gender', field_name: 'gender', field_type: 'radio', extra_details: choices };
const kind: FormField = { field_label: 'Kind', field_name: 'kind', field_type: 'dropdown', extra_details: choices };
const attended: FormField = { field_label: 'Attended', field_name: 'attended', field_type: 'boolean' };

afterEach(cleanup);

describe('choice fields in the preview', () => {
  it('radio buttons: one per choice, none ticked at first, the one clicked ticked', async () => {
    render(<FormPreview fields={[gender, attended]} />);
    const group = (await screen.findAllByRole('radiogroup'))[0]!;
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Female', 'Male']);
    expect(radios.filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
    fireEvent.click(within(group).getByLabelText('Male'));
    await waitFor(() => expect((within(group).getByLabelText('Male') as HTMLInputElement).checked).toBe(true));
    const yesNo = (await screen.findAllByRole('radiogroup'))[1]!;
    expect(within(yesNo).getAllByRole('radio')).toHaveLength(2);
  });

  it('a dropdown: its choices, with no blank entry after them', async () => {
    render(<FormPreview fields={[kind]} />);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Kind/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent).filter(Boolean)).toEqual(['Female', 'Male']);
    expect(options.at(-1)?.textContent).toBe('Male');
  });
});
