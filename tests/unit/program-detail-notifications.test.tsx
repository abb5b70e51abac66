/**
 * The Notifications tab: title, content, sender and DD/MM/YYYY HH:MM, newest first; the pager
 * (5, 10, 25, All); send (title and content required, with the spec's names), edit and remove with
 * the spec's toasts; nothing to change without can_send_program_notifications or when locked.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '../../src/resources/generic/date-time';
import { createProgramApi, renderProgramDetail } from './support/fake-program-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { flagsExcept } from './support/render-console';

const api = createProgramApi();
withFakeServer(api);

const list = () => screen.findByRole('list', { name: 'Notifications' });
const titles = (element: HTMLElement) =>
  within(element)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('program detail: Notifications', () => {
  it('lists notifications newest first with content, sender and DD/MM/YYYY HH:MM', async () => {
    renderProgramDetail('/program/p1?tab=2');
    const shown = await list();
    expect(titles(shown)).toEqual(['Pump repairs', 'Welcome']);
    expect(within(shown).getByText('The pump at Kisumu is fixed.')).toBeTruthy();
    expect(within(shown).getByText(`Sent by Grace Hopper · ${formatDateTime('2024-03-06T14:05:00.000Z')}`)).toBeTruthy();
    expect(formatDateTime('2024-03-06T14:05:00.000Z')).toMatch(/^06\/03\/2024 \d\d:05$/);
  });

  it('says so when there are none, and offers 5, 10, 25 and All, 5 first', async () => {
    api.state.notifications = Array.from({ length: 7 }, (_, i) => ({
      _id: `n${i}`,
      title: `Note ${i + 1}`,
      body: 'x',
      program: 'p1',
      created_by: { _id: 'u2', first_name: 'Grace', last_name: 'Hopper' },
      created_at: '2024-03-05T09:30:00.000Z',
    }));
    renderProgramDetail('/program/p1?tab=2');
    expect(titles(await list())).toHaveLength(5);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Notifications per page/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['5', '10', '25', 'All']);
    fireEvent.click(options[3]!);
    await waitFor(async () => expect(titles(await list())).toHaveLength(7));
  });

  it('says there is no notification yet', async () => {
    api.state.notifications = [];
    renderProgramDetail('/program/p1?tab=2');
    expect(await screen.findByText('No notification found')).toBeTruthy();
  });

  it("sends one: 'Notification Title' and 'Notification Content' are required, then 'Notification Sent Successfully'", async () => {
    renderProgramDetail('/program/p1?tab=2');
    await list();
    fireEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Notification Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Notification Content is required')).toBeTruthy();
    expect(api.writes).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notification Title' }), { target: { value: 'Training on Monday' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notification Content' }), { target: { value: 'Bring your phones.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Notification Sent Successfully')).toBeTruthy();
    expect(api.writes).toEqual([
      { method: 'POST', path: '/notification/add', body: { title: 'Training on Monday', body: 'Bring your phones.', program: 'p1' } },
    ]);
    await waitFor(async () => expect(titles(await list())[0]).toBe('Training on Monday'));
  });

  it("says 'Error in Sending Notification' and keeps the form with the server's reason", async () => {
    api.refuse('post', '/notification/add', 423, { message: 'This program is locked. Unlock it to make changes.', code: 'PROGRAM_LOCKED' });
    renderProgramDetail('/program/p1?tab=2');
    await list();
    fireEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notification Title' }), { target: { value: 'A' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notification Content' }), { target: { value: 'B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Error in Sending Notification')).toBeTruthy();
    expect(within(dialog).getByText('This program is locked. Unlock it to make changes.')).toBeTruthy();
  });

  it("edits one with 'Notification Updated Successfully'", async () => {
    renderProgramDetail('/program/p1?tab=2');
    await list();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Welcome' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByRole('textbox', { name: 'Notification Title' }) as HTMLInputElement;
    expect(title.value).toBe('Welcome');
    fireEvent.change(title, { target: { value: 'Welcome aboard' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification Updated Successfully')).toBeTruthy();
    expect(api.writes).toEqual([
      { method: 'PATCH', path: '/notification/update/n1', body: { title: 'Welcome aboard', body: 'Welcome to the program.' } },
    ]);
    await waitFor(async () => expect(titles(await list())).toEqual(['Pump repairs', 'Welcome aboard']));
  });

  it("removes one after 'Remove' with 'Notification Removed Successfully'; a refusal says 'Error in Removing Notification'", async () => {
    api.refuse('delete', '/notification/delete/n2', 409, { message: 'Gone', code: 'CONFLICT' });
    renderProgramDetail('/program/p1?tab=2');
    await list();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Pump repairs' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Error in Removing Notification')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Pump repairs' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Notification Removed Successfully')).toBeTruthy();
    await waitFor(async () => expect(titles(await list())).toEqual(['Welcome']));
  });

  it('offers no send, edit or remove without can_send_program_notifications, nor on a locked program', async () => {
    const view = renderProgramDetail('/program/p1?tab=2', flagsExcept('can_send_program_notifications'));
    expect(titles(await list())).toEqual(['Pump repairs', 'Welcome']);
    expect(screen.queryByRole('button', { name: 'Send Notification' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Remove) / })).toBeNull();
    view.unmount();

    api.state.program.lockProgram = 1;
    renderProgramDetail('/program/p1?tab=2');
    await list();
    expect(screen.queryByRole('button', { name: 'Send Notification' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Remove) / })).toBeNull();
  });
});
