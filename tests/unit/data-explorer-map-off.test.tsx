/**
 * The Data Explorer's List / Map switch on an installation with maps turned off
 * (MAP_TILES_URL=none): the Map view says so in a sentence, asks the server for nothing and
 * loads no map; List brings the documents back. (With maps on, tests/browser/maps.spec.ts.)
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import DataExplorerPage from '../../src/documents/explorer/DataExplorerPage';
import { setRuntimeConfig } from '../../src/config/runtime-config';
import { createExplorerApi } from './support/fake-explorer-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { flagsExcept, renderConsole } from './support/render-console';
import { API, AUTH } from './support/fixture-api';

const api = createExplorerApi();
withFakeServer(api);

async function choose(name: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(await within(listbox).findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('the Data Explorer with maps turned off', () => {
  it("says so in the Map view, asking nothing of the server's map route", async () => {
    renderConsole('/data-explorer', flagsExcept(), {
      resources: false,
      routes: <Route path="/data-explorer" element={<DataExplorerPage />} />,
    });
    setRuntimeConfig({ authUrl: AUTH, apiUrl: API, mapTiles: null });
    await choose('Select Program', 'Clean Water');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Select Module' }).getAttribute('aria-disabled')).not.toBe('true'));
    await choose('Select Module', 'Beneficiaries');
    fireEvent.click(screen.getByRole('button', { name: 'Query Data' }));
    expect(await screen.findByRole('table', { name: 'Documents' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Map' }));
    expect(await screen.findByText('Maps are turned off on this installation.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Documents' })).toBeNull();
    expect(document.querySelector('.leaflet-container')).toBeNull();
    expect(api.requests('/dashboard/module/map')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(await screen.findByRole('table', { name: 'Documents' })).toBeTruthy();
  });
});
