/**
 * A case type's statuses (Open and Closed first, never removed; more added with Enter, Tab or a
 * comma), the permission file's upload (required on add, PDF/PNG/JPEG/GIF only, multipart), and
 * how a type's lists and flags read on its page — through the generic dialog and show page.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTypeApi } from './support/fake-type-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { renderConsole } from './support/render-console';

const api = createTypeApi();
withFakeServer(api);

async function openAdd(path: string, button: string) {
  renderConsole(path);
  const add = (await screen.findByText(button)) as HTMLButtonElement;
  await waitFor(() => expect(add.closest('button')!.disabled).toBe(false));
  fireEvent.click(add);
  return screen.findByRole('dialog');
}

const chip = (dialog: HTMLElement, text: string) => within(dialog).getByText(text).closest('.MuiChip-root') as HTMLElement;

describe("a case type's statuses", () => {
  it('start with Open and Closed, which cannot be removed; others are added with Enter, Tab or a comma', async () => {
    const dialog = await openAdd('/case_type', 'Add Case Type');
    const d = within(dialog);
    fireEvent.change(d.getByLabelText(/^Name/), { target: { value: 'Referral' } });
    fireEvent.change(d.getByLabelText(/^Plural name/), { target: { value: 'Referrals' } });
    fireEvent.change(d.getByLabelText(/^Description/), { target: { value: 'Sent elsewhere' } });
    expect(within(chip(dialog, 'Open')).queryByTestId('CancelIcon')).toBeNull();
    expect(within(chip(dialog, 'Closed')).queryByTestId('CancelIcon')).toBeNull();
    const input = d.getByLabelText('Statuses');
    // Backspace in an empty input would remove the last chip: Closed stays.
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(d.getByText('Closed')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Referred' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Escalated' } });
    fireEvent.keyDown(input, { key: ',' });
    fireEvent.change(input, { target: { value: 'Waiting' } });
    fireEvent.keyDown(input, { key: 'Tab' });
    // A typed Open is not added twice.
    fireEvent.change(input, { target: { value: 'Open' } });
    fireEvent.keyDown(input, { key: ',' });
    fireEvent.click(within(chip(dialog, 'Escalated')).getByTestId('CancelIcon'));
    await waitFor(() => expect(d.queryByText('Escalated')).toBeNull());
    fireEvent.click(d.getByText('Save'));
    expect(await screen.findByText('Case Type added')).toBeTruthy();
    const [post] = await api.requestsTo('/casetype', 'POST');
    expect(post!.body!.case_type_status).toEqual(['Open', 'Closed', 'Referred', 'Waiting']);
  });

  it("show as chips on the type's page, with its form by name", async () => {
    renderConsole('/case_type/c1/show');
    for (const status of ['Open', 'Closed', 'Referred']) expect(await screen.findByText(status)).toBeTruthy();
    expect(await screen.findByText('Household survey')).toBeTruthy();
  });
});

describe("a beneficiary type's page", () => {
  it('names the optional fields it asks for and shows the whole description', async () => {
    renderConsole('/beneficiary_type/b1/show');
    expect(await screen.findByText('Households in the river districts who receive seeds and training every season')).toBeTruthy();
    expect(screen.getByText('Address')).toBeTruthy();
    expect(screen.queryByText('Occupation')).toBeNull();
  });
});

describe('a permission file', () => {
  let fetchSpy: MockInstance<typeof fetch>;
  beforeEach(() => void (fetchSpy = vi.spyOn(globalThis, 'fetch')));
  afterEach(() => fetchSpy.mockRestore());
  const pick = (dialog: HTMLElement, file: File) => {
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
  };

  it("needs a file on add: 'File field required', nothing sent", async () => {
    const dialog = await openAdd('/permission_file', 'Add Permission File');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Consent' } });
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('File field required')).toBeTruthy();
    expect(await api.requestsTo('/permission', 'POST')).toHaveLength(0);
  });

  it('refuses a file that is not a PDF or an image', async () => {
    const dialog = await openAdd('/permission_file', 'Add Permission File');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Consent' } });
    pick(dialog, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Choose a PDF, PNG, JPEG or GIF file')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('File field required')).toBeTruthy();
    expect(await api.requestsTo('/permission', 'POST')).toHaveLength(0);
  });

  it('sends the name and the file as multipart', async () => {
    const dialog = await openAdd('/permission_file', 'Add Permission File');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Photo consent' } });
    pick(dialog, new File(['%PDF-1.4'], 'consent.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('consent.pdf')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await screen.findByText('Permission File added')).toBeTruthy();
    const [post] = await api.requestsTo('/permission', 'POST');
    expect(post!.form).toEqual({ name: 'Photo consent', file: 'a file' });
    // What the console handed to fetch (jsdom's file reaches the fake api without its name).
    const sent = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;
    expect((sent.get('file') as File).name).toBe('consent.pdf');
  });

  it('keeps the stored file on edit unless another is chosen', async () => {
    renderConsole('/permission_file');
    const row = (await screen.findByText('Consent')).closest('tr')!;
    const edit = within(row).getByLabelText('Edit') as HTMLButtonElement;
    await waitFor(() => expect(edit.disabled).toBe(false));
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Current file: consent.png')).toBeTruthy();
    expect(within(dialog).getByText('Download')).toBeTruthy();
    const name = () => within(dialog).getByLabelText(/^Name/) as HTMLInputElement;
    await waitFor(() => expect(name().value).toBe('Consent'));
    fireEvent.change(name(), { target: { value: 'Consent form' } });
    fireEvent.click(within(dialog).getByText('Update'));
    expect(await screen.findByText('Permission File updated')).toBeTruthy();
    const [patch] = await api.requestsTo('/permission/pf1', 'PATCH');
    expect(patch!.form).toEqual({ name: 'Consent form' });
  });
});
