/**
 * The Goals tab: Goal, Target, Completed and Percentage (achieved × 100 / target), the pager
 * (5, 10, 25, All; 5 first), 'No Goal Found', the quiet note about completed counts, pin, add
 * (types grouped by kind; a type and a target needed), edit and remove with the spec's toasts,
 * and nothing to change for a role without can_manage_program_goals or on a locked program.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { goalPercentage } from '../../src/resources/program/detail/goals/goal-math';
import { createProgramApi, renderProgramDetail } from './support/fake-program-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { flagsExcept, screenWidth } from './support/render-console';

const api = createProgramApi();
withFakeServer(api);

const goalsTable = () => screen.findByRole('table', { name: 'Goals' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

function manyGoals(n: number) {
  api.state.program.goals = Array.from({ length: n }, (_, i) => ({
    _id: `g${i}`,
    program_id: 'p1',
    document_type: 'BENEFICIARY',
    goal_type: `bt${i}`,
    name: `Type ${String(i + 1).padStart(2, '0')}`,
    target: 10,
    achieve: 0,
    achieve_counted: false,
    isPinned: false,
  }));
}

describe('goal percentage', () => {
  it('is achieved × 100 / target, to two decimals, and 0 without a target', () => {
    expect(goalPercentage(125, 500)).toBe(25);
    expect(goalPercentage(1, 3)).toBe(33.33);
    expect(goalPercentage(2, 3)).toBe(66.67);
    expect(goalPercentage(750, 500)).toBe(150);
    expect(goalPercentage(undefined, 10)).toBe(0);
    expect(goalPercentage(5, 0)).toBe(0);
  });
});

describe('program detail: Goals', () => {
  it('lists each goal with Target, Completed and Percentage, and the note about completed counts', async () => {
    renderProgramDetail('/program/p1?tab=1');
    const table = await goalsTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent)
        .slice(0, 4),
    ).toEqual(['Goal', 'Target', 'Completed', 'Percentage']);
    expect(cells(bodyRows(table)[0]!).slice(0, 4)).toEqual(['Household', '500', '125', '25%']);
    expect(cells(bodyRows(table)[1]!).slice(0, 4)).toEqual(['Village', '3', '1', '33.33%']);
    expect(screen.getAllByText('Completed counts start once documents arrive').length).toBeGreaterThan(0);
  });

  it("says 'No Goal Found' when there are none", async () => {
    api.state.program.goals = [];
    renderProgramDetail('/program/p1?tab=1');
    expect(within(await goalsTable()).getByText('No Goal Found')).toBeTruthy();
  });

  it('shows 5 goals a page first, and offers 5, 10, 25 and All', async () => {
    manyGoals(12);
    renderProgramDetail('/program/p1?tab=1');
    const table = await goalsTable();
    expect(bodyRows(table)).toHaveLength(5);
    expect(screen.getByText('1–5 of 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('6–10 of 12')).toBeTruthy();
    expect(cells(bodyRows(table)[0]!)[0]).toBe('Type 06');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Goals per page/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['5', '10', '25', 'All']);
    fireEvent.click(options[3]!);
    await waitFor(() => expect(bodyRows(table)).toHaveLength(12));
    expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("pins a goal with 'Edited Goal Successfully'", async () => {
    renderProgramDetail('/program/p1?tab=1');
    await goalsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Pin Village' }));
    expect(await screen.findByText('Edited Goal Successfully')).toBeTruthy();
    expect(api.writes).toEqual([{ method: 'PATCH', path: '/goal/g2', body: { isPinned: true } }]);
    expect(await screen.findByRole('button', { name: 'Unpin Village' })).toBeTruthy();
  });

  it('adds a goal: the types grouped by kind, one that has a goal not offered twice, a type and a target needed', async () => {
    renderProgramDetail('/program/p1?tab=1');
    await goalsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Add Goal' }));
    const dialog = await screen.findByRole('dialog');
    const typeSelect = await within(dialog).findByRole('combobox', { name: /Type/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Goal' }));
    expect(await within(dialog).findByText('Select a type')).toBeTruthy();
    expect(within(dialog).getByText('Target is required')).toBeTruthy();
    expect(api.writes).toEqual([]);

    fireEvent.mouseDown(typeSelect);
    const list = screen.getByRole('listbox');
    expect(list.textContent).toBe('BeneficiaryHousehold (has a goal)FarmerLocationVillage (has a goal)CaseReferral');
    expect(within(list).getByRole('option', { name: 'Household (has a goal)' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(list).getByRole('option', { name: 'Farmer' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Target/ }), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Goal' }));
    expect(await within(dialog).findByText('Target must be at least 1')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Target/ }), { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Goal' }));

    expect(await screen.findByText('Added Goal Successfully')).toBeTruthy();
    expect(api.writes).toEqual([
      { method: 'POST', path: '/goal', body: { program_id: 'p1', document_type: 'BENEFICIARY', goal_type: 'bt2', target: 200 } },
    ]);
    const table = await goalsTable();
    await waitFor(() => expect(cells(bodyRows(table)[2]!).slice(0, 4)).toEqual(['Farmer', '200', '0', '0%']));
  });

  it("keeps the form open with the server's reason when adding fails, and says 'Error in Adding Goal'", async () => {
    api.refuse('post', '/goal', 409, { message: 'This program already has a goal for Farmer', code: 'GOAL_EXISTS' });
    renderProgramDetail('/program/p1?tab=1');
    await goalsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Add Goal' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /Type/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Farmer' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Target/ }), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Goal' }));
    expect(await screen.findByText('Error in Adding Goal')).toBeTruthy();
    expect(within(dialog).getByText('This program already has a goal for Farmer')).toBeTruthy();
  });

  it("edits a goal's target with 'Edited Goal Successfully'", async () => {
    renderProgramDetail('/program/p1?tab=1');
    await goalsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Household' }));
    const dialog = await screen.findByRole('dialog');
    const target = within(dialog).getByRole('spinbutton', { name: /Target/ }) as HTMLInputElement;
    expect(target.value).toBe('500');
    fireEvent.change(target, { target: { value: '250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Edited Goal Successfully')).toBeTruthy();
    expect(api.writes).toEqual([{ method: 'PATCH', path: '/goal/g1', body: { target: 250 } }]);
    const table = await goalsTable();
    await waitFor(() => expect(cells(bodyRows(table)[0]!).slice(0, 4)).toEqual(['Household', '250', '125', '50%']));
  });

  it("removes a goal after 'Remove' with 'Removed Goal Successfully'; a refusal says 'Error in Removing Goal'", async () => {
    api.refuse('delete', '/goal/g2', 423, { message: 'This program is locked. Unlock it to make changes.', code: 'PROGRAM_LOCKED' });
    renderProgramDetail('/program/p1?tab=1');
    await goalsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Village' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Error in Removing Goal')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Village' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed Goal Successfully')).toBeTruthy();
    const table = await goalsTable();
    await waitFor(() => expect(within(table).queryByText('Village')).toBeNull());
  });

  it('offers no add, pin, edit or remove without can_manage_program_goals', async () => {
    renderProgramDetail('/program/p1?tab=1', flagsExcept('can_manage_program_goals'));
    const table = await goalsTable();
    expect(within(table).getByText('Household')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Goal' })).toBeNull();
    expect(within(table).queryAllByRole('button')).toEqual([]);
  });

  it('offers no goal changes on a locked program', async () => {
    api.state.program.lockProgram = 1;
    renderProgramDetail('/program/p1?tab=1');
    const table = await goalsTable();
    expect(screen.queryByRole('button', { name: 'Add Goal' })).toBeNull();
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('This program is locked. Unlock it to make changes.')).toBeTruthy();
  });

  it('shows each goal as a line with its figures and buttons on a phone', async () => {
    screenWidth(true);
    renderProgramDetail('/program/p1?tab=1');
    const list = await screen.findByRole('list', { name: 'Goals' });
    expect(within(list).getByText('Target 500 · Completed 125 · 25%')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Edit Village' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Goals' })).toBeNull();
  });

  it('says when every type already has a goal', async () => {
    api.state.program.goals.push(
      { ...api.state.program.goals[0]!, _id: 'g3', goal_type: 'bt2', name: 'Farmer' },
      { ...api.state.program.goals[0]!, _id: 'g4', document_type: 'CASE', goal_type: 'ct1', name: 'Referral' },
    );
    renderProgramDetail('/program/p1?tab=1');
    await goalsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Add Goal' }));
    expect(await screen.findByText("Every type of this program already has a goal: edit a goal's target instead.")).toBeTruthy();
  });
});
