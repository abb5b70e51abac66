/**
 * /program/add and /program/edit/{id}: the form's rules and messages (spec 2 §5), the program
 * head picker without the built-in admin, the multipart sent, the messages of §8 (422 → 'Two
 * program can not be same name', else 'Something went wrong'; 'Program updated' or the server's
 * message), and Update only while the program may be changed (unlocked, editing window open).
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { withFakeServer } from './support/fake-server-lifecycle';
import { createProgramApi } from './support/fake-program-list-api';
import { flagsExcept, renderConsole } from './support/render-console';
import { withPageStyles } from './support/page-styles';

const api = createProgramApi();
withFakeServer(api);

/** What the console handed to fetch for a write: jsdom's FormData does not survive the test runner's own fetch. */
let fetchSpy: MockInstance<typeof fetch>;
const sentForm = (method: string) => fetchSpy.mock.calls.find(([, init]) => init?.method === method)?.[1]?.body as FormData | undefined;
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => fetchSpy.mockRestore());

const writes = () => api.seen.filter((r) => r.method === 'POST' || r.method === 'PATCH');
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

async function openHeads() {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Program heads/ }));
  return screen.findByRole('listbox');
}

async function fillAdd() {
  renderConsole('/program/add');
  await screen.findByRole('heading', { name: 'Add Program' });
  type(/Program name/, '  Clean Air ');
  type(/Description/, 'Air quality monitors');
  fireEvent.click(screen.getByLabelText('OWN (only the owner)'));
  const list = await openHeads();
  fireEvent.click(await within(list).findByRole('option', { name: 'Grace Hopper' }));
  fireEvent.keyDown(list, { key: 'Escape' });
}

describe('Add Program', () => {
  it("links back to all programs and blocks an empty form with the rules' messages", async () => {
    renderConsole('/program/add');
    await screen.findByRole('heading', { name: 'Add Program' });
    expect(screen.getByRole('link', { name: 'Back to all program' }).getAttribute('href')).toBe('/program');
    expect(input(/Days before editing is disabled/).value).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Program name is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByText('Documents access permission is required')).toBeTruthy();
    // Heads are optional on add.
    expect(screen.queryByText('Program head is required')).toBeNull();
    expect(writes()).toEqual([]);
  });

  it('needs the days before editing is disabled: a whole number, 0 or more', async () => {
    renderConsole('/program/add');
    await screen.findByRole('heading', { name: 'Add Program' });
    type(/Days before editing is disabled/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Days before editing is disabled is required')).toBeTruthy();
    type(/Days before editing is disabled/, '-1');
    expect(await screen.findByText('Days before editing is disabled must be 0 or more')).toBeTruthy();
    type(/Days before editing is disabled/, '1.5');
    expect(await screen.findByText('Days before editing is disabled must be a whole number')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('offers the active users as program heads, never the built-in admin, in a 224 × 250 menu', async () => {
    renderConsole('/program/add');
    const list = await openHeads();
    await within(list).findByRole('option', { name: 'Grace Hopper' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Grace Hopper', 'Alan Turing']);
    expect(within(list).queryByRole('option', { name: 'Site Admin' })).toBeNull();
    const paper = list.closest('.MuiPaper-root') as HTMLElement;
    const size = withPageStyles(() => {
      const { maxHeight, width } = getComputedStyle(paper);
      return [maxHeight, width];
    });
    expect(size).toEqual(['224px', '250px']);
    const asked = api.seen.find((r) => r.path === '/user');
    expect(asked?.filter).toEqual({ status: true });
  });

  it('refuses a PNG/GIF/JPEG impostor before sending, and sends the chosen image with the details', async () => {
    await fillAdd();
    const picker = document.querySelector('input[type=file][name=photo]') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Program image must be a PNG, GIF or JPEG image')).toBeTruthy();
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
    fireEvent.change(picker, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'well.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('img', { name: 'Chosen program image' })).getAttribute('src')).toBe('blob:preview');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added Program Successfully')).toBeTruthy();
    const body = sentForm('POST')!;
    expect(body.get('name')).toBe('Clean Air');
    expect(body.get('description')).toBe('Air quality monitors');
    expect(body.get('no_of_days_for_edit_program')).toBe('0');
    expect(body.get('documentVisible')).toBe('OWN');
    expect(body.get('program_head')).toBe('["u2"]');
    expect((body.get('photo') as File).name).toBe('well.png');
  });

  it('goes to the programs list after adding', async () => {
    await fillAdd();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added Program Successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Add Program' })).toBeNull());
  });

  it("says 'Two program can not be same name' for a taken name (422), and stays", async () => {
    api.refuseNext(422, { code: 'PROGRAM_NAME_TAKEN', message: 'Two program can not be same name' });
    await fillAdd();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The toast, and the same words under the name.
    await waitFor(() => expect(screen.getAllByText('Two program can not be same name')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Add Program' })).toBeTruthy();
  });

  it("says 'Something went wrong' for any other refusal", async () => {
    api.refuseNext(500, { code: 'INTERNAL', message: 'Internal error' });
    await fillAdd();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.queryByText('Added Program Successfully')).toBeNull();
  });

  it('tells a role without can_create_program that it may not add programs', async () => {
    renderConsole('/program/add', flagsExcept('can_create_program'));
    expect(await screen.findByText("You don't have permission to add programs")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('Edit Program', () => {
  it('fills the form from the program, links back to it, and sends only what changed', async () => {
    const { location } = renderConsole('/program/edit/p1');
    expect(await screen.findByRole('heading', { name: 'Edit Program' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Clean Water' }).getAttribute('href')).toBe('/program/p1');
    expect(input(/Program name/).value).toBe('Clean Water');
    expect(input(/Days before editing is disabled/).value).toBe('30');
    expect((screen.getByLabelText('OWN (only the owner)') as HTMLInputElement).checked).toBe(true);
    await screen.findByText('Grace Hopper');
    type(/Description/, 'Wells, filters and pumps');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Program updated')).toBeTruthy();
    const body = sentForm('PATCH')!;
    expect([...body.keys()]).toEqual(['description']);
    expect(body.get('description')).toBe('Wells, filters and pumps');
    await waitFor(() => expect(location()).toBe('/program/p1'));
  });

  it('requires a program head', async () => {
    renderConsole('/program/edit/p1');
    await screen.findByText('Grace Hopper');
    const list = await openHeads();
    fireEvent.click(within(list).getByRole('option', { name: 'Grace Hopper' }));
    fireEvent.keyDown(list, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Program head is required')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("shows the server's message when the update is refused", async () => {
    api.refuseNext(423, { code: 'PROGRAM_LOCKED', message: 'This program is locked. Unlock it to make changes.' });
    renderConsole('/program/edit/p1');
    await screen.findByText('Grace Hopper');
    type(/Program name/, 'Clean Water 2');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('This program is locked. Unlock it to make changes.')).toBeTruthy();
    expect(screen.queryByText('Program updated')).toBeNull();
  });

  it('hides Update once the editing window has closed, saying when it closed', async () => {
    renderConsole('/program/edit/p2', flagsExcept('edit_document_after_no_of_days'));
    expect(await screen.findByText('Editing this program closed 3 days after it was created')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('shows the days read-only, with a hint, to a role bound by the editing window', async () => {
    renderConsole('/program/edit/p1', flagsExcept('edit_document_after_no_of_days'));
    await screen.findByText('Grace Hopper');
    expect(input(/Days before editing is disabled/).readOnly).toBe(true);
    expect(screen.getByText('Only a role allowed to edit at any time can change this.')).toBeTruthy();
  });

  it('lets a role that may always edit change the days', async () => {
    renderConsole('/program/edit/p1');
    await screen.findByText('Grace Hopper');
    expect(input(/Days before editing is disabled/).readOnly).toBe(false);
    expect(screen.queryByText('Only a role allowed to edit at any time can change this.')).toBeNull();
  });

  it('keeps Update for a role that may always edit, whatever the window', async () => {
    renderConsole('/program/edit/p2');
    expect(await screen.findByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it('hides Update while the program is locked, even inside the window', async () => {
    renderConsole('/program/edit/p3');
    expect(await screen.findByText('This program is locked. Unlock it to make changes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('does not ask for users for a role that may not read them, says why the heads cannot change, and still updates', async () => {
    renderConsole('/program/edit/p1', flagsExcept('can_get_user'));
    expect(await screen.findByText('Changing program heads needs a role that may see users')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Program heads/ }).getAttribute('aria-disabled')).toBe('true');
    type(/Description/, 'Wells and pumps');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Program updated')).toBeTruthy();
    expect([...sentForm('PATCH')!.keys()]).toEqual(['description']);
    expect(api.seen.filter((r) => r.path.startsWith('/user'))).toEqual([]);
  });

  it('hides Update from a role without can_edit_program', async () => {
    renderConsole('/program/edit/p1', flagsExcept('can_edit_program'));
    expect(await screen.findByText("You don't have permission to edit programs")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });
});
