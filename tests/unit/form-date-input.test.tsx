/**
 * The preview's date and date-time inputs read and take DD/MM/YYYY (and HH:MM), as every date in
 * the console is shown (spec 2 §9), whatever the browser's language; a date that is not a real
 * day is refused in those words when the field is left.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FormField } from '@model/forms/field-definition';
import FormPreview from '../../src/forms/preview/FormPreview';
import { dayText, momentText, storedDay, storedMoment } from '../../src/forms/widgets/day-text';

afterEach(cleanup);

const visitDate: FormField = { field_label: 'Visit date', field_name: 'visit_date', field_type: 'date' };
const nextVisit: FormField = { field_label: 'Next visit', field_name: 'next_visit', field_type: 'date-time' };

describe('dates as typed and as stored', () => {
  it('a day: DD/MM/YYYY ↔ YYYY-MM-DD; a day that does not exist stays as typed', () => {
    expect(storedDay('07/03/2026')).toBe('2026-03-07');
    expect(storedDay(' 7/3/2026 ')).toBe('2026-03-07');
    expect(storedDay('')).toBeUndefined();
    expect(storedDay('31/02/2026')).toBe('31/02/2026');
    expect(storedDay('03/07')).toBe('03/07');
    expect(dayText('2026-03-07')).toBe('07/03/2026');
    expect(dayText(undefined)).toBe('');
  });

  it('a moment: DD/MM/YYYY HH:MM in local time ↔ its ISO moment', () => {
    const stored = storedMoment('07/03/2026 14:05')!;
    expect(new Date(stored).getTime()).toBe(new Date(2026, 2, 7, 14, 5).getTime());
    expect(momentText(stored)).toBe('07/03/2026 14:05');
    expect(storedMoment('07/03/2026 25:00')).toBe('07/03/2026 25:00');
  });
});

describe('the preview', () => {
  it('shows a date field as DD/MM/YYYY and refuses a day that does not exist', async () => {
    render(<FormPreview fields={[visitDate, nextVisit]} />);
    const date = (await screen.findByRole('textbox', { name: 'Visit date' })) as HTMLInputElement;
    expect(date.getAttribute('type')).toBe('text');
    expect(date.placeholder).toBe('DD/MM/YYYY');
    fireEvent.change(date, { target: { value: '31/02/2026' } });
    fireEvent.blur(date);
    expect(await screen.findByText('Enter a date as DD/MM/YYYY')).toBeTruthy();
    fireEvent.change(date, { target: { value: '28/02/2026' } });
    fireEvent.blur(date);
    await waitFor(() => expect(screen.queryByText('Enter a date as DD/MM/YYYY')).toBeNull());
    expect(date.value).toBe('28/02/2026');
    const moment = screen.getByRole('textbox', { name: 'Next visit' }) as HTMLInputElement;
    expect(moment.placeholder).toBe('DD/MM/YYYY HH:MM');
    expect(screen.getByRole('button', { name: 'Pick a date for Visit date' })).toBeTruthy();
  });
});
