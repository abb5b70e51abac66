/**
 * /dashboard: the three counts with thousands separators, documents per day, the recently
 * processed documents (spec 1 §2 columns, no pager) whose rows open the drawer by local id, a
 * spinner while loading, and failures only logged (spec 1 §8) behind a neutral empty state.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { Dashboard } from '../../src/documents/dashboard/Dashboard';
import { createDocumentApi } from './support/fake-document-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { flagsExcept, renderConsole, screenWidth } from './support/render-console';

const api = createDocumentApi();
withFakeServer(api);

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  URL.createObjectURL = () => 'blob:test';
  URL.revokeObjectURL = () => undefined;
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errors.mockRestore());

const renderDashboard = () =>
  renderConsole('/dashboard', flagsExcept(), { routes: <Route path="/dashboard" element={<Dashboard />} />, resources: false });

const card = (label: string) => screen.getByRole('region', { name: label });
const recentTable = () => screen.findByRole('table', { name: 'Recently Processed Documents' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the dashboard', () => {
  it('greets the user and shows the three counts with thousands separators', async () => {
    renderDashboard();
    expect(await screen.findByText('Welcome, Ada')).toBeTruthy();
    await waitFor(() => expect(within(card('Number of Documents Saved')).getByText('1,000,000')).toBeTruthy());
    expect(within(card('Number of Programs')).getByText('12')).toBeTruthy();
    expect(within(card('Number of Custom Forms')).getByText('1,234')).toBeTruthy();
  });

  it('shows a spinner in each section until its answer is in', async () => {
    renderDashboard();
    expect(await screen.findByRole('progressbar', { name: 'Loading Number of Programs' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading recently processed documents' })).toBeTruthy();
    expect(screen.getAllByRole('progressbar', { name: 'Loading documents per day' }).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading Number of Programs' })).toBeNull());
  });

  it('lists the recently processed documents in the spec columns, dated DD-MM-YYYY, without a pager', async () => {
    api.state.recent = ['doc-2', 'doc-1'];
    renderDashboard();
    const table = await recentTable();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Program', 'Module', 'Document Type', 'Document ID', 'Created By', 'Dated']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(cells(first!)).toEqual(['Water for All', 'Beneficiaries', 'Farmer', 'doc-2', 'Alan Turing', '18-11-2026']);
    expect(cells(second!)[3]).toBe('doc-1');
    expect(screen.queryByRole('button', { name: 'Go to next page' })).toBeNull();
    expect(screen.queryByText(/per page/)).toBeNull();
  });

  it('draws documents per day, with the total of the period', async () => {
    renderDashboard();
    const chart = card('Documents per day');
    // 0,1,…,6 repeated over 30 days: 4 × 21 + 0 + 1.
    expect(await within(chart).findByText('85 in the last 30 days')).toBeTruthy();
    await waitFor(() => expect(chart.querySelector('svg')).toBeTruthy());
  });

  it('opens a row in the drawer, read by its local id', async () => {
    renderDashboard();
    const table = await recentTable();
    fireEvent.click(await within(table).findByText('doc-2'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Otieno Odhiambo')).toBeTruthy();
    expect(api.state.seen.some((r) => r.path === '/dashboard/document' && r.search === '?local_id=local-2')).toBe(true);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens a row from the keyboard too', async () => {
    renderDashboard();
    const table = await recentTable();
    const row = (await within(table).findByText('doc-2')).closest('tr')!;
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(await within(await screen.findByRole('dialog')).findByText('Otieno Odhiambo')).toBeTruthy();
  });

  it('lists each document as one entry with the same values on a phone, and opens it from there', async () => {
    screenWidth(true);
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Recently Processed Documents' });
    expect(screen.queryByRole('table', { name: 'Recently Processed Documents' })).toBeNull();
    const entry = within(list).getByRole('button');
    expect(entry.textContent).toBe('Farmer · BeneficiariesWater for All · Alan Turing · 18-11-2026doc-2');
    fireEvent.click(entry);
    expect(await within(await screen.findByRole('dialog')).findByText('Otieno Odhiambo')).toBeTruthy();
  });

  it('says there is nothing yet when no document is processed', async () => {
    api.state.recent = [];
    renderDashboard();
    expect(await within(await recentTable()).findByText('No processed documents yet')).toBeTruthy();
  });

  it('only logs failed reads and shows neutral empty states instead (spec 1 §8)', async () => {
    api.refuse('get', '/dashboard/static', 500, { message: 'Database is down', code: 'INTERNAL' });
    api.refuse('get', '/dashboard/lastupdated', 500, { message: 'Database is down', code: 'INTERNAL' });
    api.refuse('get', '/dashboard/daily', 500, { message: 'Database is down', code: 'INTERNAL' });
    renderDashboard();
    expect(await within(await recentTable()).findByText('No processed documents yet')).toBeTruthy();
    await waitFor(() => expect(within(card('Number of Programs')).getByText('—')).toBeTruthy());
    expect(await within(card('Documents per day')).findByText('No documents to chart')).toBeTruthy();
    expect(screen.queryByText(/Database is down/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const logged = errors.mock.calls.map((args) => String(args[0]));
    expect(logged).toEqual(
      expect.arrayContaining([
        'Dashboard: the counts could not be loaded',
        'Dashboard: the recent documents could not be loaded',
        'Dashboard: documents per day could not be loaded',
      ]),
    );
  });
});
