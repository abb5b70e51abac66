/**
 * The Teams tab: heads first, then members; the 'Program head' checkbox; remove after 'Remove';
 * the add-member form (active users not on the program, the built-in admin never a head); the
 * pager with All; nothing to change without can_manage_program_team, when locked, or once the
 * editing window has closed.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createProgramApi, renderProgramDetail } from './support/fake-program-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { flagsExcept } from './support/render-console';

const api = createProgramApi();
withFakeServer(api);

const DAY = 86_400_000;
const teamTable = () => screen.findByRole('table', { name: 'Team' });
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const headBox = (name: string) => screen.getByRole('checkbox', { name: `Program head: ${name}` }) as HTMLInputElement;

async function openAddForm() {
  renderProgramDetail('/program/p1?tab=10');
  await teamTable();
  fireEvent.click(screen.getByRole('button', { name: 'Add Team Member' }));
  return screen.findByRole('dialog');
}

describe('program detail: Teams', () => {
  it('lists program heads first, then members, with photo initials, name, designation and the head checkbox', async () => {
    api.state.program.teams.unshift({ _id: 'u5', first_name: 'Mary', last_name: 'Jackson', photo: null, designation: null });
    renderProgramDetail('/program/p1?tab=10');
    const table = await teamTable();
    expect(names(table)).toEqual(['GHGrace HopperField Lead', 'MJMary Jackson—', 'ATAlan TuringEnumerator']);
    expect(headBox('Grace Hopper').checked).toBe(true);
    expect(headBox('Alan Turing').checked).toBe(false);
  });

  it("makes a member a program head with 'Change program head status successfully', and the list follows", async () => {
    renderProgramDetail('/program/p1?tab=10');
    const table = await teamTable();
    fireEvent.click(headBox('Alan Turing'));
    expect(await screen.findByText('Change program head status successfully')).toBeTruthy();
    expect(api.writes).toEqual([{ method: 'PATCH', path: '/program/p1/team/u3', body: { is_program_head: true } }]);
    await waitFor(() => expect(headBox('Alan Turing').checked).toBe(true));
    expect(names(table)).toEqual(['GHGrace HopperField Lead', 'ATAlan TuringEnumerator']);
  });

  it("shows the server's message when the head status cannot change", async () => {
    api.refuse('patch', '/program/p1/team/u2', 400, { message: 'Program head is required', code: 'VALIDATION' });
    renderProgramDetail('/program/p1?tab=10');
    await teamTable();
    fireEvent.click(headBox('Grace Hopper'));
    expect(await screen.findByText('Program head is required')).toBeTruthy();
    expect(headBox('Grace Hopper').checked).toBe(true);
  });

  it("removes a member after 'Remove' with 'Deleted Team Member Successfully'; a refusal says 'Error in Delete Team Member'", async () => {
    api.refuse('delete', '/program/p1/team/u3', 409, { message: 'Busy', code: 'CONFLICT' });
    renderProgramDetail('/program/p1?tab=10');
    const table = await teamTable();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Alan Turing' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Error in Delete Team Member')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Alan Turing' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Deleted Team Member Successfully')).toBeTruthy();
    await waitFor(() => expect(names(table)).toEqual(['GHGrace HopperField Lead']));
  });

  it("adds a member as program head from the active users not on the program: 'Added New Team Member Successfully'", async () => {
    const dialog = await openAddForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Select a user')).toBeTruthy();
    const picker = within(dialog).getByRole('combobox', { name: /User/ });
    fireEvent.mouseDown(picker);
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Built-in Admin (admin@fieldbase.local)',
      'Katherine Johnson (katherine@example.test)',
      'Mary Jackson (mary@example.test)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: /Katherine Johnson/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Program head' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added New Team Member Successfully')).toBeTruthy();
    expect(api.writes).toEqual([{ method: 'POST', path: '/program/p1/team', body: { user: 'u4', is_program_head: true } }]);
    const table = await teamTable();
    await waitFor(() =>
      expect(names(table)).toEqual(['GHGrace HopperField Lead', 'KJKatherine JohnsonAnalyst', 'ATAlan TuringEnumerator']),
    );
  });

  it('never makes the built-in admin a program head', async () => {
    const dialog = await openAddForm();
    const picker = within(dialog).getByRole('combobox', { name: /User/ });
    fireEvent.mouseDown(picker);
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: /Built-in Admin/ }));
    const head = within(dialog).getByRole('checkbox', { name: 'Program head' }) as HTMLInputElement;
    expect(head.disabled).toBe(true);
    expect(within(dialog).getByText('The built-in admin account cannot be a program head')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added New Team Member Successfully')).toBeTruthy();
    expect(api.writes[0]?.body).toEqual({ user: 'u0', is_program_head: false });
    // On the team, the built-in admin's head checkbox cannot be ticked either.
    await waitFor(() => expect(headBox('Built-in Admin').disabled).toBe(true));
  });

  it("says 'Error in Adding New Team Member' and keeps the form with the server's reason", async () => {
    api.refuse('post', '/program/p1/team', 409, { message: 'Already a team member', code: 'ALREADY_ON_TEAM' });
    const dialog = await openAddForm();
    const picker = within(dialog).getByRole('combobox', { name: /User/ });
    fireEvent.mouseDown(picker);
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: /Mary Jackson/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Error in Adding New Team Member')).toBeTruthy();
    expect(within(dialog).getByText('Already a team member')).toBeTruthy();
  });

  it('shows 5 people a page first, and offers 5, 10, 25 and All', async () => {
    api.state.program.teams = Array.from({ length: 8 }, (_, i) => ({
      _id: `m${i}`,
      first_name: `Member`,
      last_name: `${i + 1}`,
      photo: null,
      designation: null,
    }));
    renderProgramDetail('/program/p1?tab=10');
    const table = await teamTable();
    expect(names(table)).toHaveLength(5);
    expect(screen.getByText('1–5 of 9')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Members per page/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['5', '10', '25', 'All']);
    fireEvent.click(options[3]!);
    await waitFor(() => expect(names(table)).toHaveLength(9));
  });

  it('offers no team changes without can_manage_program_team', async () => {
    renderProgramDetail('/program/p1?tab=10', flagsExcept('can_manage_program_team'));
    await teamTable();
    expect(screen.queryByRole('button', { name: 'Add Team Member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(headBox('Alan Turing').disabled).toBe(true);
  });

  it('offers no team changes on a locked program, nor after the editing window closed', async () => {
    api.state.program.lockProgram = 1;
    const locked = renderProgramDetail('/program/p1?tab=10');
    await teamTable();
    expect(screen.queryByRole('button', { name: 'Add Team Member' })).toBeNull();
    expect(headBox('Alan Turing').disabled).toBe(true);
    locked.unmount();

    api.state.program.lockProgram = 0;
    api.state.program.no_of_days_for_edit_program = 0;
    api.state.program.created_at = new Date(Date.now() - 3 * DAY).toISOString();
    renderProgramDetail('/program/p1?tab=10', flagsExcept('edit_document_after_no_of_days'));
    await teamTable();
    expect(screen.queryByRole('button', { name: 'Add Team Member' })).toBeNull();
    expect(screen.getByText(/Editing this program closed when it was created/)).toBeTruthy();
  });

  it('lets a role that may always edit change the team of an old program', async () => {
    api.state.program.no_of_days_for_edit_program = 0;
    api.state.program.created_at = new Date(Date.now() - 300 * DAY).toISOString();
    renderProgramDetail('/program/p1?tab=10');
    await teamTable();
    expect(screen.getByRole('button', { name: 'Add Team Member' })).toBeTruthy();
  });
});
