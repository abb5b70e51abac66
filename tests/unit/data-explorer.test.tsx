/**
 * /data-explorer (spec 1 §2, §5): the program → module → type cascade and what choosing clears,
 * the disabled states, the help text, 'Query Data' with the exact total, the pager (next and
 * previous by cursor, first, last and a typed page by page number), the id search (nothing when
 * empty, 'No document found' when unknown), and a row opening the document drawer.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import DataExplorerPage from '../../src/documents/explorer/DataExplorerPage';
import { crumbsFor } from '../../src/layout/Breadcrumbs';
import { createExplorerApi } from './support/fake-explorer-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { flagsExcept, renderConsole } from './support/render-console';

vi.mock('../../src/documents/DocumentDrawer', () => ({
  DocumentDrawer: ({ documentId }: { documentId?: string | null }) =>
    documentId ? <div role="dialog" aria-label="Document">{`Drawer of ${documentId}`}</div> : null,
}));

const api = createExplorerApi();
withFakeServer(api);

const HELP =
  'Use the filters above to query all documents in any program. You will be able to export all data to CSV format once the query is complete.';

function openExplorer(flags = flagsExcept()) {
  return renderConsole('/data-explorer', flags, {
    resources: false,
    routes: <Route path="/data-explorer" element={<DataExplorerPage />} />,
  });
}

const dropdown = (name: string) => screen.getByRole('combobox', { name });
const isDisabled = (name: string) => dropdown(name).getAttribute('aria-disabled') === 'true';

async function choose(name: string, option: string) {
  fireEvent.mouseDown(dropdown(name));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(await within(listbox).findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

async function optionsOf(name: string): Promise<string[]> {
  fireEvent.mouseDown(dropdown(name));
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .queryAllByRole('option')
    .map((o) => o.textContent ?? '');
  fireEvent.keyDown(listbox, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names;
}

const queryButton = () => screen.getByRole('button', { name: 'Query Data' }) as HTMLButtonElement;
const docsRequests = () => api.requests('/dashboard/module/docs');
const lastDocsParams = () => Object.fromEntries(docsRequests().at(-1)!.params);
const rowIds = () =>
  within(screen.getByRole('table', { name: 'Documents' }))
    .getAllByRole('row')
    .slice(1)
    // The first cell of a reviewer's rows is the row's tick box.
    .map((r) => r.querySelector('td:not(.MuiTableCell-paddingCheckbox)')!.textContent);

/** Program, module (and type), then Query Data; waits for the total. */
async function query(program: string, module: string, type?: string) {
  await choose('Select Program', program);
  await waitFor(() => expect(isDisabled('Select Module')).toBe(false));
  await choose('Select Module', module);
  if (type) await choose('Select Document Type', type);
  fireEvent.click(queryButton());
}

describe('the Data Explorer', () => {
  it('is titled and worded as the spec says, with module and type disabled until chosen', async () => {
    openExplorer();
    expect(await screen.findByRole('heading', { name: 'Explore data with Fieldbase' })).toBeTruthy();
    // The header's breadcrumb names the page.
    expect(crumbsFor('/data-explorer').at(-1)).toEqual({ label: 'Data Explorer', to: '/data-explorer' });
    expect(screen.getByText(HELP)).toBeTruthy();
    const search = screen.getByRole('textbox', { name: 'Search for a specific document' });
    expect(search.getAttribute('placeholder')).toBe('Enter Document ID');
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(isDisabled('Select Program')).toBe(false);
    expect(isDisabled('Select Module')).toBe(true);
    expect(isDisabled('Select Document Type')).toBe(true);
    expect(queryButton().disabled).toBe(true);
  });

  it('offers a program’s active document modules, then the chosen module’s types', async () => {
    openExplorer();
    await waitFor(() => expect(api.requests('/dashboard/programs')).toHaveLength(1));
    expect(await optionsOf('Select Program')).toEqual(['Clean Water', 'School Meals']);
    await choose('Select Program', 'Clean Water');
    await waitFor(() => expect(api.requests('/dashboard/program/p1')).toHaveLength(1));
    expect(isDisabled('Select Module')).toBe(false);
    expect(isDisabled('Select Document Type')).toBe(true);
    // Events and surveys are inactive on this program; permission holds files, not documents.
    await waitFor(async () => expect(await optionsOf('Select Module')).toEqual(['Beneficiaries', 'Locations', 'Cases']));
    await choose('Select Module', 'Beneficiaries');
    expect(isDisabled('Select Document Type')).toBe(false);
    await waitFor(() => expect(api.requests('/dashboard/program/p1/module/beneficiaries')).toHaveLength(1));
    await waitFor(async () => expect(await optionsOf('Select Document Type')).toEqual(['Household', 'Farmer']));
    expect(queryButton().disabled).toBe(false);
  });

  it('clears module, type, document id and results when another program is chosen', async () => {
    openExplorer();
    await query('Clean Water', 'Beneficiaries', 'Household');
    expect(await screen.findByText('Total number of Documents: 25')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search for a specific document' }), { target: { value: 'L-42' } });

    await choose('Select Program', 'School Meals');

    expect(dropdown('Select Module').textContent).not.toContain('Beneficiaries');
    expect(dropdown('Select Document Type').textContent).not.toContain('Household');
    expect(isDisabled('Select Document Type')).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Search for a specific document' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/Total number of Documents/)).toBeNull();
    expect(screen.queryByRole('table', { name: 'Documents' })).toBeNull();
    expect(queryButton().disabled).toBe(true);
    await waitFor(async () => expect(await optionsOf('Select Module')).toEqual(['Events', 'Surveys']));
  });

  it('queries a module and shows the exact total with thousands separators, the columns and the first page', async () => {
    openExplorer();
    await query('Clean Water', 'Beneficiaries');
    expect(screen.getByRole('progressbar', { name: 'Loading documents' })).toBeTruthy();
    expect(await screen.findByText('Total number of Documents: 412,377')).toBeTruthy();
    expect(lastDocsParams()).toEqual({ program_slug: 'clean-water', module_name: 'beneficiaries', pageNo: '0', pageSize: '10' });
    const table = screen.getByRole('table', { name: 'Documents' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Document ID', 'Local ID', 'Document Type', 'Created By', 'Dated', 'Processed']);
    expect(rowIds()).toHaveLength(10);
    expect(rowIds()[0]).toBe('doc-412377');
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('L-412377')).toBeTruthy();
    expect(within(first).getByText('Alan Turing')).toBeTruthy();
    expect(within(first).getByText(/^\d{2}-\d{2}-\d{4}$/)).toBeTruthy();
    expect(screen.getByText('Documents per page: 10')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export Documents' })).toBeTruthy();
  });

  it('sends the chosen document type’s id and name with the query', async () => {
    openExplorer();
    await query('Clean Water', 'Beneficiaries', 'Household');
    expect(await screen.findByText('Total number of Documents: 25')).toBeTruthy();
    expect(lastDocsParams()).toMatchObject({ module_name: 'beneficiaries', doc_id: 'bt1', doc_name: 'Household' });
  });

  it('pages next and previous by the rows’ cursors, and first, last and a typed page by page number', async () => {
    openExplorer();
    await query('Clean Water', 'Beneficiaries');
    await screen.findByText('1–10 of 412,377');

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('11–20 of 412,377');
    expect(lastDocsParams()).toMatchObject({ pageNo: '1', after: '412368' });
    expect(lastDocsParams().before).toBeUndefined();
    expect(rowIds()[0]).toBe('doc-412367');

    fireEvent.click(screen.getByRole('button', { name: 'Go to last page' }));
    await screen.findByText('412,371–412,377 of 412,377');
    expect(lastDocsParams()).toMatchObject({ pageNo: '41237' });
    expect(lastDocsParams().after).toBeUndefined();
    expect(rowIds()).toEqual(['doc-7', 'doc-6', 'doc-5', 'doc-4', 'doc-3', 'doc-2', 'doc-1']);
    expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await screen.findByText('412,361–412,370 of 412,377');
    expect(lastDocsParams()).toMatchObject({ pageNo: '41236', before: '7' });
    expect(rowIds()[0]).toBe('doc-17');
    expect(rowIds().at(-1)).toBe('doc-8');

    const page = screen.getByRole('textbox', { name: 'Page number' });
    fireEvent.change(page, { target: { value: '100' } });
    fireEvent.keyDown(page, { key: 'Enter' });
    await screen.findByText('991–1,000 of 412,377');
    expect(lastDocsParams()).toMatchObject({ pageNo: '99' });
    expect(lastDocsParams().before).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Go to first page' }));
    await screen.findByText('1–10 of 412,377');
    expect(lastDocsParams()).toMatchObject({ pageNo: '0' });
    expect((screen.getByRole('button', { name: 'Go to previous page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('reads again when Query Data or Search is pressed again with the same filters', async () => {
    openExplorer();
    await query('Clean Water', 'Locations');
    await screen.findByText('Total number of Documents: 7');
    expect(docsRequests()).toHaveLength(1);
    fireEvent.click(queryButton());
    await waitFor(() => expect(docsRequests()).toHaveLength(2));
    await screen.findByText('Total number of Documents: 7');

    const box = screen.getByRole('textbox', { name: 'Search for a specific document' });
    fireEvent.change(box, { target: { value: 'L-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Total number of Documents: 1');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.requests('/dashboard/document/L-42')).toHaveLength(2));
  });

  it('says No document found when a query finds nothing', async () => {
    openExplorer();
    await query('Clean Water', 'Beneficiaries', 'Farmer');
    expect(await screen.findByText('No document found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export Documents' })).toBeNull();
  });

  it('does nothing when the search box is empty', async () => {
    openExplorer();
    await screen.findByRole('heading', { name: 'Explore data with Fieldbase' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search for a specific document' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.seen.filter((r) => r.path.startsWith('/dashboard/document'))).toHaveLength(0);
    expect(screen.queryByText('No document found')).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Loading documents' })).toBeNull();
  });

  it('finds one document by its local id, and says No document found for an unknown id', async () => {
    openExplorer();
    const box = await screen.findByRole('textbox', { name: 'Search for a specific document' });
    fireEvent.change(box, { target: { value: ' L-42 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Total number of Documents: 1')).toBeTruthy();
    expect(api.requests('/dashboard/document/L-42')).toHaveLength(1);
    expect(rowIds()).toEqual(['doc-42']);

    fireEvent.change(box, { target: { value: 'nope' } });
    fireEvent.submit(box.closest('form')!);
    expect(await screen.findByText('No document found')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Documents' })).toBeNull();
  });

  it('a search that fails (not 404) only stops the spinner; the box takes a local id as long as the server does (200)', async () => {
    openExplorer();
    const box = (await screen.findByRole('textbox', { name: 'Search for a specific document' })) as HTMLInputElement;
    expect(box.maxLength).toBe(200);
    fireEvent.change(box, { target: { value: 'server-down' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.requests('/dashboard/document/server-down').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading documents' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('No document found')).toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('opens the document drawer from a row', async () => {
    openExplorer();
    await query('Clean Water', 'Locations');
    await screen.findByText('Total number of Documents: 7');
    expect(screen.queryByRole('dialog', { name: 'Document' })).toBeNull();
    fireEvent.click(screen.getByText('doc-5'));
    expect((await screen.findByRole('dialog', { name: 'Document' })).textContent).toBe('Drawer of doc-5');
  });

  it('tells a role without can_explore_data that it may not explore, and asks the server nothing', async () => {
    openExplorer(flagsExcept('can_explore_data'));
    expect(await screen.findByText("You don't have permission to explore data")).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Select Program' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.seen).toHaveLength(0);
  });
});
