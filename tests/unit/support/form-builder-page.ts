/** What the form builder's component tests do on the page: set up the fake api, add fields, pick from MUI selects. */
import { fireEvent, screen, within } from '@testing-library/react';
import { createFormApi } from './fake-form-api';
import { withFakeServer } from './fake-server-lifecycle';

export function withFormApi() {
  const api = createFormApi();
  withFakeServer(api);
  return api;
}

/** Opens a MUI select by its label and returns its options. */
export async function openSelect(name: string | RegExp, scope: HTMLElement = document.body) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox);
}

export async function pick(name: string | RegExp, option: string | RegExp, scope: HTMLElement = document.body) {
  const options = await openSelect(name, scope);
  fireEvent.click(options.getByRole('option', { name: option }));
}

export async function addField(label: string, type?: string) {
  const form = screen.getByRole('form', { name: 'Add a field' });
  if (type) await pick('New field type', type, form);
  fireEvent.change(within(form).getByLabelText('New field label'), { target: { value: label } });
  fireEvent.click(within(form).getByRole('button', { name: /Add field/ }));
  return screen.findByRole('button', { name: `Close ${label}` });
}

export const rows = () => screen.getAllByTestId('field-row');

export const input = (label: string | RegExp, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(label) as HTMLInputElement;
