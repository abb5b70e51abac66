/**
 * /program/{id}: the header, the 11 tabs with the tab in the address (a reload or a link opens
 * it, a click writes it), the module tabs handed to ModuleTab, loading, not found and a failed
 * load, and the Overview's cards (pinned goals, lock, modules, team, program overview) following
 * the role's flags, the lock and the editing window.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ModuleTabProps } from '../../src/resources/program/detail/modules/ModuleTab';
import { createProgramApi, renderProgramDetail } from './support/fake-program-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { flagsExcept } from './support/render-console';

const moduleTabs = vi.hoisted(() => ({ last: undefined as ModuleTabProps | undefined }));
vi.mock('../../src/resources/program/detail/modules/ModuleTab', () => ({
  ModuleTab: (props: ModuleTabProps) => {
    moduleTabs.last = props;
    return (
      <div>
        <p>{`Module tab: ${props.module}`}</p>
        <button onClick={props.onBack}>Back to all modules</button>
      </div>
    );
  },
}));

const api = createProgramApi();
withFakeServer(api);

const DAY = 86_400_000;
const tabNamed = (name: string) => screen.getByRole('tab', { name });
const card = (name: string) => screen.getByRole('region', { name });

describe('program detail: header, tabs and load states', () => {
  it('shows the name, the image as initials, the goals slider and eleven tabs in the spec order', async () => {
    renderProgramDetail('/program/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clean Water' })).toBeTruthy();
    expect(screen.getByText('CW')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Household: 125 of 500' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Village: 1 of 3' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Goals',
      'Notifications',
      'Modules',
      'Beneficiaries',
      'Locations',
      'Events',
      'Cases',
      'Surveys',
      'Permission',
      'Teams',
      'History',
    ]);
    expect(tabNamed('Overview').getAttribute('aria-selected')).toBe('true');
  });

  it('shows the program image from the api server when there is one', async () => {
    api.state.program.photo = 'uploads/programs/abc.png';
    renderProgramDetail('/program/p1');
    const image = await screen.findByRole('img', { name: 'Clean Water' });
    expect(image.getAttribute('src')).toBe('http://api.test/uploads/programs/abc.png');
  });

  it('opens the tab the address names, and a click writes the new tab into the address', async () => {
    const view = renderProgramDetail('/program/p1?tab=10');
    expect(await screen.findByRole('table', { name: 'Team' })).toBeTruthy();
    expect(tabNamed('Teams').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tabNamed('Goals'));
    expect(await screen.findByRole('table', { name: 'Goals' })).toBeTruthy();
    expect(view.location()?.search).toBe('?tab=1');
    fireEvent.click(tabNamed('Overview'));
    await waitFor(() => expect(view.location()?.search).toBe('?tab=0'));
    expect(screen.getByRole('region', { name: 'Pinned Goals' })).toBeTruthy();
  });

  it('treats a tab out of range or not a number as the Overview', async () => {
    renderProgramDetail('/program/p1?tab=12');
    expect(await screen.findByRole('region', { name: 'Pinned Goals' })).toBeTruthy();
    expect(tabNamed('Overview').getAttribute('aria-selected')).toBe('true');
  });

  it('hands tabs 4 to 9 to the module tab with their module; its way back opens the Modules tab', async () => {
    const view = renderProgramDetail('/program/p1?tab=9');
    expect(await screen.findByText('Module tab: permission')).toBeTruthy();
    expect(moduleTabs.last?.program.name).toBe('Clean Water');
    fireEvent.click(tabNamed('Surveys'));
    expect(await screen.findByText('Module tab: surveys')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to all modules' }));
    expect(await screen.findByRole('table', { name: 'Modules' })).toBeTruthy();
    expect(view.location()?.search).toBe('?tab=3');
  });

  it('spins while the program loads', async () => {
    renderProgramDetail('/program/p1');
    expect(screen.getByLabelText('Loading the program')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Clean Water' })).toBeTruthy();
  });

  it("says 'Program not found' with the way back to the list for an unknown id", async () => {
    const view = renderProgramDetail('/program/nope');
    expect(await screen.findByText('Program not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to all program' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/program'));
  });

  it("shows the server's message and Retry when the load fails, and the program once a retry succeeds", async () => {
    api.refuse('get', '/program/p1/full', 400, { message: 'The program store is being rebuilt', code: 'BAD_REQUEST' });
    renderProgramDetail('/program/p1');
    expect(await screen.findByText('The program store is being rebuilt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clean Water' })).toBeTruthy();
  });

  it('tells a role without can_get_program that it may not see programs', async () => {
    renderProgramDetail('/program/p1', flagsExcept('can_get_program'));
    expect(await screen.findByText("You don't have permission to see programs")).toBeTruthy();
  });
});

describe('program detail: Overview', () => {
  it('shows pinned goals only, as read-only sliders of achieved out of target, and See all Goals opens the Goals tab', async () => {
    const view = renderProgramDetail('/program/p1');
    const pinned = await screen.findByRole('region', { name: 'Pinned Goals' });
    const slider = within(pinned).getByRole('slider', { name: 'Household: 125 of 500' });
    expect(slider.getAttribute('aria-valuenow')).toBe('125');
    expect(slider.getAttribute('aria-valuemax')).toBe('500');
    expect(within(pinned).queryByText('Village')).toBeNull();
    fireEvent.click(within(pinned).getByRole('button', { name: 'See all Goals' }));
    expect(await screen.findByRole('table', { name: 'Goals' })).toBeTruthy();
    expect(view.location()?.search).toBe('?tab=1');
  });

  it('lists the modules Active or Inactive, each opening its tab', async () => {
    const view = renderProgramDetail('/program/p1');
    const modules = await screen.findByRole('region', { name: 'Modules' });
    const rows = within(modules).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      'BeneficiariesActive',
      'LocationsActive',
      'EventsActive',
      'CasesActive',
      'SurveysInactive',
      'PermissionsActive',
    ]);
    fireEvent.click(within(modules).getByRole('button', { name: /Surveys/ }));
    expect(await screen.findByText('Module tab: surveys')).toBeTruthy();
    expect(view.location()?.search).toBe('?tab=8');
  });

  it('lists program heads first, then members, with designation, and Manage Team opens the Teams tab', async () => {
    api.state.program.teams.unshift({ _id: 'u5', first_name: 'Mary', last_name: 'Jackson', photo: null, designation: null });
    const view = renderProgramDetail('/program/p1');
    const team = await screen.findByRole('region', { name: 'Team' });
    const people = within(team)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(people).toEqual(['GHGrace HopperField Lead · Program head', 'MJMary Jackson—', 'ATAlan TuringEnumerator']);
    fireEvent.click(within(team).getByRole('button', { name: 'Manage Team' }));
    expect(await screen.findByRole('table', { name: 'Team' })).toBeTruthy();
    expect(view.location()?.search).toBe('?tab=10');
  });

  it('shows name, heads and description (dashes when empty), the edit links, Program Details and Access Program Reports', async () => {
    api.state.program.description = '';
    const view = renderProgramDetail('/program/p1');
    const overview = await screen.findByRole('region', { name: 'Program Overview' });
    expect(within(overview).getByText('Grace Hopper')).toBeTruthy();
    expect(within(overview).getByText('---')).toBeTruthy();
    expect(within(overview).getByRole('link', { name: 'Edit program' }).getAttribute('href')).toBe('/program/edit/p1');
    expect(within(overview).getByRole('link', { name: 'Edit program heads' }).getAttribute('href')).toBe('/program/edit/p1');
    expect(within(overview).getByRole('link', { name: 'Access Program Reports' }).getAttribute('href')).toBe('/program/p1/report');
    fireEvent.click(within(overview).getByRole('link', { name: 'Program Details' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/program/edit/p1'));
  });

  it('shows the first edit link only with can_edit_document, and neither without can_edit_program', async () => {
    renderProgramDetail('/program/p1', flagsExcept('can_edit_document'));
    const overview = await screen.findByRole('region', { name: 'Program Overview' });
    expect(within(overview).queryByRole('link', { name: 'Edit program' })).toBeNull();
    expect(within(overview).getByRole('link', { name: 'Edit program heads' })).toBeTruthy();
  });

  it('offers no edit link without can_edit_program, but still Program Details', async () => {
    renderProgramDetail('/program/p1', flagsExcept('can_edit_program'));
    const overview = await screen.findByRole('region', { name: 'Program Overview' });
    expect(within(overview).queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(within(overview).getByRole('link', { name: 'Program Details' })).toBeTruthy();
  });

  it('offers no edit link once the editing window has closed, and says when it closed', async () => {
    api.state.program.no_of_days_for_edit_program = 1;
    api.state.program.created_at = new Date(Date.now() - 5 * DAY).toISOString();
    renderProgramDetail('/program/p1', flagsExcept('edit_document_after_no_of_days'));
    const overview = await screen.findByRole('region', { name: 'Program Overview' });
    expect(within(overview).queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(screen.getByText(/Editing this program closed 1 days after it was created/)).toBeTruthy();
  });

  it("shows what the offline database holds, and syncs it with 'Sync To Database Successfully'", async () => {
    renderProgramDetail('/program/p1');
    const sync = await screen.findByRole('region', { name: 'Database Sync' });
    expect(await within(sync).findByText('Not synced yet: the mobile app gets this program once it is synced.')).toBeTruthy();
    fireEvent.click(within(sync).getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Sync To Database Successfully')).toBeTruthy();
    expect(within(sync).getByText(/^Last synced 07\/03\/2024 \d\d:15$/)).toBeTruthy();
    expect(within(sync).getByText('104 documents · 2.3 MB for a phone to download')).toBeTruthy();
    expect(api.state.syncBuilds).toBe(1);
  });

  it("says 'Error in Sync to Database' when the sync fails", async () => {
    api.refuse('get', '/sync/p1', 500, { message: 'Database unavailable', code: 'INTERNAL' });
    renderProgramDetail('/program/p1');
    const sync = await screen.findByRole('region', { name: 'Database Sync' });
    fireEvent.click(within(sync).getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Error in Sync to Database')).toBeTruthy();
  });

  it('names the flag a role without can_sync_program lacks, and offers no Sync', async () => {
    renderProgramDetail('/program/p1', flagsExcept('can_sync_program'));
    const sync = await screen.findByRole('region', { name: 'Database Sync' });
    expect(within(sync).getByText("You don't have permission to sync programs (can_sync_program)")).toBeTruthy();
    expect(within(sync).queryByRole('button')).toBeNull();
  });

  it("locks with 'Program Locked', then shows the lock banner and Unlock, and unlocks with 'Program Unlocked'", async () => {
    renderProgramDetail('/program/p1');
    const lock = await screen.findByRole('region', { name: 'Program Lock' });
    fireEvent.click(within(lock).getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('Program Locked')).toBeTruthy();
    expect(await screen.findByText('This program is locked. Unlock it to make changes.')).toBeTruthy();
    expect(api.writes).toEqual([{ method: 'PATCH', path: '/program/change/lock/status/p1' }]);
    // "After a toggle the program is synced."
    await waitFor(() => expect(api.state.syncBuilds).toBe(1));
    // Locked: no edit links.
    expect(within(card('Program Overview')).queryByRole('link', { name: /^Edit/ })).toBeNull();
    fireEvent.click(within(card('Program Lock')).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Program Unlocked')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('This program is locked. Unlock it to make changes.')).toBeNull());
  });

  it('offers no Lock or Unlock without can_lock_program, but still shows the banner of a locked program', async () => {
    api.state.program.lockProgram = 1;
    renderProgramDetail('/program/p1', flagsExcept('can_lock_program'));
    expect(await screen.findByText('This program is locked. Unlock it to make changes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Lock|Unlock)$/ })).toBeNull();
  });

  it("shows the server's message when the lock cannot be toggled", async () => {
    api.refuse('patch', '/program/change/lock/status/p1', 409, { message: 'Someone else is changing this program', code: 'CONFLICT' });
    renderProgramDetail('/program/p1');
    fireEvent.click(within(await screen.findByRole('region', { name: 'Program Lock' })).getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('Someone else is changing this program')).toBeTruthy();
  });
});
