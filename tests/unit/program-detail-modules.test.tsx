/**
 * The Modules tab: the six modules Active or Inactive, ACTIVATE / DEACTIVATE with the spec's
 * messages, staying on the Modules tab; the server's message on a refusal; no buttons without
 * can_edit_program, on a locked program or after the editing window.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createProgramApi, renderProgramDetail } from './support/fake-program-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { flagsExcept } from './support/render-console';

const api = createProgramApi();
withFakeServer(api);

const modulesTable = () => screen.findByRole('table', { name: 'Modules' });
const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('button', { name }).closest('tr') as HTMLElement;

describe('program detail: Modules', () => {
  it('lists the six modules with Active or Inactive and the button that flips each', async () => {
    renderProgramDetail('/program/p1?tab=3');
    const table = await modulesTable();
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'BeneficiariesActiveDEACTIVATE',
      'LocationsActiveDEACTIVATE',
      'EventsActiveDEACTIVATE',
      'CasesActiveDEACTIVATE',
      'SurveysInactiveACTIVATE',
      'PermissionsActiveDEACTIVATE',
    ]);
  });

  it("deactivates with 'Beneficiary module deactivated' and stays on the Modules tab", async () => {
    const view = renderProgramDetail('/program/p1?tab=3');
    const table = await modulesTable();
    fireEvent.click(within(table).getByRole('button', { name: 'Deactivate Beneficiaries' }));
    expect(await screen.findByText('Beneficiary module deactivated')).toBeTruthy();
    expect(api.writes).toEqual([
      { method: 'PUT', path: '/program/change/status/module/program/p1', body: { module: 'beneficiaries', status: false } },
    ]);
    await waitFor(() => expect(rowOf(table, 'Beneficiaries').textContent).toBe('BeneficiariesInactiveACTIVATE'));
    expect(view.location()?.search).toBe('?tab=3');
  });

  it("activates with 'Survey module activated', and names each module its own way", async () => {
    renderProgramDetail('/program/p1?tab=3');
    const table = await modulesTable();
    fireEvent.click(within(table).getByRole('button', { name: 'Activate Surveys' }));
    expect(await screen.findByText('Survey module activated')).toBeTruthy();
    await waitFor(() => expect(rowOf(table, 'Surveys').textContent).toBe('SurveysActiveDEACTIVATE'));
    fireEvent.click(within(table).getByRole('button', { name: 'Deactivate Permissions' }));
    expect(await screen.findByText('Permission module deactivated')).toBeTruthy();
  });

  it("shows the server's message when a module cannot be switched", async () => {
    api.refuse('put', '/program/change/status/module/program/p1', 403, {
      message: 'Editing this program closed 30 days after it was created',
      code: 'EDIT_WINDOW_CLOSED',
    });
    renderProgramDetail('/program/p1?tab=3');
    fireEvent.click(within(await modulesTable()).getByRole('button', { name: 'Deactivate Events' }));
    expect(await screen.findByText('Editing this program closed 30 days after it was created')).toBeTruthy();
  });

  it('opens a module tab from its name', async () => {
    const view = renderProgramDetail('/program/p1?tab=3');
    fireEvent.click(within(await modulesTable()).getByRole('button', { name: 'Cases' }));
    await waitFor(() => expect(view.location()?.search).toBe('?tab=7'));
  });

  it('offers no switches without can_edit_program, nor on a locked program', async () => {
    const view = renderProgramDetail('/program/p1?tab=3', flagsExcept('can_edit_program'));
    expect(within(await modulesTable()).queryByText('DEACTIVATE')).toBeNull();
    view.unmount();
    api.state.program.lockProgram = 1;
    renderProgramDetail('/program/p1?tab=3');
    const table = await modulesTable();
    expect(within(table).getByText('Inactive')).toBeTruthy();
    expect(within(table).queryByText('ACTIVATE')).toBeNull();
  });
});
