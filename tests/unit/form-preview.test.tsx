/**
 * The builder's live preview (RJSF from the compiled definition): fields shown and hidden by
 * logic as the preview is filled in, answers checked when a field is left, and a definition the
 * compiler refuses shown as a message instead of a broken page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FormField } from '@model/forms/field-definition';
import FormPreview from '../../src/forms/preview/FormPreview';

const attended: FormField = { field_label: 'Attended', field_name: 'attended', field_type: 'boolean' };
const reason: FormField = {
  field_label: 'Reason',
  field_name: 'reason',
  field_type: 'text',
  validation: { required: true, condition_chack: true, cond_logic: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }] },
};
const phone: FormField = { field_label: 'Phone', field_name: 'phone', field_type: 'phone' };
const heading: FormField = { field_label: 'About the visit', field_name: 'about', field_type: 'heading' };

afterEach(cleanup);

describe('the form preview', () => {
  it('shows a field only while its rule holds, and keeps headings', async () => {
    render(<FormPreview fields={[heading, attended, reason]} />);
    expect(await screen.findByText('About the visit')).toBeTruthy();
    expect(screen.queryByLabelText(/Reason/)).toBeNull();
    fireEvent.click(screen.getByLabelText('No'));
    expect(await screen.findByLabelText(/Reason/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Yes'));
    await waitFor(() => expect(screen.queryByLabelText(/Reason/)).toBeNull());
  });

  it("shows help texts, and a form's texts in the language picked above it (the form's own where none is given)", async () => {
    const visit: FormField = {
      field_label: 'Visited',
      field_name: 'visited',
      field_type: 'radio',
      help_text: 'Did anyone answer the door?',
      extra_details: { option_choice: 'y: Yes\nn: No' },
      translations: { fr: { field_label: 'Visité', help_text: 'Quelqu’un a-t-il ouvert ?', choices: { y: 'Oui' } } },
    };
    render(<FormPreview fields={[{ ...heading, help_text: 'Ask at the door' }, visit]} />);
    expect(await screen.findByText('Ask at the door')).toBeTruthy();
    expect(screen.getByText('Did anyone answer the door?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English', pressed: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByText('Visité')).toBeTruthy();
    expect(screen.getByText('Quelqu’un a-t-il ouvert ?')).toBeTruthy();
    expect(screen.getByLabelText('Oui')).toBeTruthy();
    expect(screen.getByLabelText('No')).toBeTruthy();
    expect(screen.getByText('About the visit')).toBeTruthy();
  });

  it('refuses a phone number of 9 digits when the field is left', async () => {
    render(<FormPreview fields={[phone]} />);
    const input = await screen.findByLabelText(/Phone/);
    fireEvent.change(input, { target: { value: '123456789' } });
    fireEvent.blur(input);
    expect(await screen.findByText('Enter at least 10 characters')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1234567890' } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.queryByText('Enter at least 10 characters')).toBeNull());
  });

  it('says what is wrong with a definition the compiler refuses', async () => {
    render(<FormPreview fields={[phone, { ...phone, field_label: 'Other phone' }]} />);
    expect(await screen.findByText('Please make unique field_name')).toBeTruthy();
  });

  it('starts with nothing chosen, and names what is missing when the answers are checked', async () => {
    const county: FormField = {
      field_label: 'County',
      field_name: 'county',
      field_type: 'dropdown',
      validation: { required: true },
      extra_details: { option_choice: 'nairobi: Nairobi\nkisumu: Kisumu' },
    };
    render(<FormPreview fields={[attended, county, reason]} />);
    await screen.findByLabelText('No');
    expect((screen.getByLabelText('No') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Yes') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText('Nairobi')).toBeNull();
    fireEvent.click(screen.getByText('Check answers'));
    expect(await screen.findByText('1 field needs another look.')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
  });

  it('refuses, before running it, a condition pattern that could freeze the page', async () => {
    const slow: FormField = {
      ...reason,
      validation: { condition_chack: true, cond_logic: [{ field_name: 'code', show: 'matches-pattern', value: '^(a+)+$' }] },
    };
    render(<FormPreview fields={[{ field_label: 'Code', field_name: 'code', field_type: 'text' }, slow]} />);
    expect(await screen.findByText('The pattern in a rule of reason could take too long to check; simplify it')).toBeTruthy();
  });

  it('starts over when reset', async () => {
    render(<FormPreview fields={[attended, reason]} />);
    fireEvent.click(await screen.findByLabelText('No'));
    expect(await screen.findByLabelText(/Reason/)).toBeTruthy();
    fireEvent.click(screen.getByText('Reset preview'));
    await waitFor(() => expect(screen.queryByLabelText(/Reason/)).toBeNull());
  });
});
