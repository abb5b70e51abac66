/**
 * Exports from the Data Explorer (spec 1 §7, §8): 'Export Documents' sends the spec's payload
 * (a query's program, type and doc_type; a searched document's doc_type and id) and says the
 * spec's words; the downloads list follows each export's progress while it runs (and stops
 * asking once none runs), cancels, downloads the CSV with the session, says 'Expired', and
 * highlights the export an e-mail's link names. The side menu offers the page by the flag.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import DataExplorerPage from '../../src/documents/explorer/DataExplorerPage';
import { SideMenu } from '../../src/layout/SideMenu';
import { authProvider } from '../../src/providers/auth-provider';
import { i18nProvider } from '../../src/providers/i18n-provider';
import { createQueryClient } from '../../src/providers/query-client';
import { CSV, createExplorerApi, jobOf } from './support/fake-explorer-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { API } from './support/fixture-api';
import { flagsExcept, renderConsole } from './support/render-console';
import { signIn } from './support/session';

vi.mock('../../src/documents/DocumentDrawer', () => ({ DocumentDrawer: () => null }));

const api = createExplorerApi();
withFakeServer(api);

const RECEIVED = 'We have received your request, you will receive an email shortly to download the report.';

function openExplorer(path = '/data-explorer') {
  return renderConsole(path, flagsExcept(), {
    resources: false,
    routes: <Route path="/data-explorer" element={<DataExplorerPage />} />,
  });
}

async function choose(name: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(await within(listbox).findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

async function query(module: string, type?: string) {
  openExplorer();
  await choose('Select Program', 'Clean Water');
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Select Module' }).getAttribute('aria-disabled')).toBeNull());
  await choose('Select Module', module);
  if (type) await choose('Select Document Type', type);
  fireEvent.click(screen.getByRole('button', { name: 'Query Data' }));
  await screen.findByText(/Total number of Documents/);
}

const downloads = () => screen.findByRole('region', { name: 'Downloads' });
const exportBodies = () => api.requests('/export', 'POST').map((r) => r.body);

describe('exporting from the Data Explorer', () => {
  it('exports a query with its program, type and doc_type, says so, and lists the export', async () => {
    await query('Beneficiaries', 'Household');
    fireEvent.click(screen.getByRole('button', { name: 'Export Documents' }));
    expect(await screen.findByText(RECEIVED)).toBeTruthy();
    expect(exportBodies()).toEqual([
      { program_slug: 'clean-water', doc_type: 'BENEFICIARY', doc_id: 'bt1', module_type_name: 'Household' },
    ]);
    const list = await downloads();
    expect(await within(list).findByText('Clean Water · Household')).toBeTruthy();
    expect(within(list).getByText('0 of 25 rows (0%)')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('exports a whole module without a type with program_slug and doc_type only', async () => {
    await query('Locations');
    fireEvent.click(screen.getByRole('button', { name: 'Export Documents' }));
    await screen.findByText(RECEIVED);
    expect(exportBodies()).toEqual([{ program_slug: 'clean-water', doc_type: 'LOCATION' }]);
  });

  it('exports a searched document by its doc_type and id', async () => {
    openExplorer();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search for a specific document' }), { target: { value: 'L-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Total number of Documents: 1');
    fireEvent.click(screen.getByRole('button', { name: 'Export Documents' }));
    await screen.findByText(RECEIVED);
    expect(exportBodies()).toEqual([{ doc_type: 'BENEFICIARY', document_id: 'doc-42' }]);
  });

  it('follows a running export’s progress, offers Download when done, and stops asking then', async () => {
    await query('Beneficiaries', 'Household');
    fireEvent.click(screen.getByRole('button', { name: 'Export Documents' }));
    const list = await downloads();
    await within(list).findByText('0 of 25 rows (0%)');

    api.update('job-1', { status: 'running', rows_done: 6 });
    expect(await within(list).findByText('6 of 25 rows (24%)')).toBeTruthy();
    const bar = within(list).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('24');

    // Meanwhile the person keeps working: another page of the query.
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('11–20 of 25');

    api.update('job-1', { status: 'done', rows_done: 25, file_name: 'clean-water-household.csv' });
    expect(await within(list).findByRole('button', { name: 'Download' }, { timeout: 5000 })).toBeTruthy();
    expect(within(list).getByText('25 of 25 rows (100%)')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Cancel' })).toBeNull();

    const asked = api.requests('/export').length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(api.requests('/export')).toHaveLength(asked);
  });

  it('cancels a queued export', async () => {
    await query('Beneficiaries', 'Household');
    fireEvent.click(screen.getByRole('button', { name: 'Export Documents' }));
    const list = await downloads();
    fireEvent.click(await within(list).findByRole('button', { name: 'Cancel' }));
    expect(await within(list).findByText(/Cancelled/)).toBeTruthy();
    expect(api.requests('/export/job-1/cancel', 'POST')).toHaveLength(1);
    expect(within(list).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(list).queryByRole('progressbar')).toBeNull();
  });

  it('downloads a finished export’s CSV with the session, under its file name, byte-order mark kept', async () => {
    api.addJob(jobOf({ _id: 'job-9', status: 'done', rows_done: 1, rows_total: 1, file_name: 'clean-water-beneficiaries.csv' }));
    const saved = vi.fn((blob: Blob) => (void blob, 'blob:csv'));
    URL.createObjectURL = saved as typeof URL.createObjectURL;
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    openExplorer();
    const list = await downloads();
    fireEvent.click(await within(list).findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const bytes = new Uint8Array(await saved.mock.calls[0]![0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(CSV);
    expect(clicked).toEqual(['clean-water-beneficiaries.csv']);
    const [, init] = fetchSpy.mock.calls.find(([u]) => String(u) === `${API}/export/job-9/file`)!;
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-1');
    click.mockRestore();
    fetchSpy.mockRestore();
  });

  it('says Expired for an expired export and offers no download; a file gone meanwhile says why', async () => {
    api.addJob(jobOf({ _id: 'job-7', status: 'expired', rows_done: 3, rows_total: 3, file_name: 'old.csv' }));
    api.addJob(jobOf({ _id: 'job-8', status: 'done', rows_done: 3, rows_total: 3, file_name: 'gone.csv', program_name: 'School Meals' }));
    openExplorer();
    const list = await downloads();
    const expired = await within(list).findByRole('listitem', { name: 'Clean Water · Beneficiaries' });
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(within(expired).queryByRole('button', { name: 'Download' })).toBeNull();

    api.update('job-8', { status: 'expired' });
    const gone = within(list).getByRole('listitem', { name: 'School Meals · Beneficiaries' });
    fireEvent.click(within(gone).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('This export has expired')).toBeTruthy();
    await waitFor(() => expect(within(gone).queryByRole('button', { name: 'Download' })).toBeNull());
    expect(within(gone).getByText('Expired')).toBeTruthy();
  });

  it('highlights the export an e-mail’s link names, also one older than the list holds, and offers its download', async () => {
    for (let i = 0; i < 20; i++) api.addJob(jobOf({ _id: `new-${i}`, status: 'cancelled', program_name: `Program ${i}` }));
    api.addJob(jobOf({ _id: 'old-1', status: 'done', rows_done: 5, rows_total: 5, file_name: 'old.csv', type_name: 'Farmer' }));
    openExplorer('/data-explorer?export=old-1');
    const list = await downloads();
    const row = await within(list).findByRole('listitem', { name: 'Clean Water · Farmer' });
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(within(row).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((r) => r.getAttribute('aria-current')),
    ).toHaveLength(1);
  });
});

describe('the side menu’s Data Explorer entry', () => {
  function renderMenu(flags: Record<string, boolean>) {
    signIn('t', flags);
    render(
      <MemoryRouter>
        <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} queryClient={createQueryClient()}>
          <SideMenu />
        </AdminContext>
      </MemoryRouter>,
    );
  }

  it('is offered to a role with can_explore_data, leading to /data-explorer', async () => {
    renderMenu({ can_access_dashboard: true, can_explore_data: true });
    const item = await screen.findByRole('menuitem', { name: 'Data Explorer' });
    expect(item.getAttribute('href')).toBe('/data-explorer');
  });

  it('is not offered to a role without it', async () => {
    renderMenu(flagsExcept('can_explore_data'));
    await screen.findByRole('menuitem', { name: 'Dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('menuitem', { name: 'Data Explorer' })).toBeNull();
  });
});
