/**
 * The document drawer: loaded by id or local id, a header of where and whose the document is,
 * every answer through the form compiler with a display per type (attachments fetched with the
 * session as blob URLs, dates, choice labels, field groups as tables, beneficiary names,
 * geo-location without anything loaded from outside, JSON for the rest, fields hidden by logic
 * left out), Print, and 'Mark as processed' for those who may.
 */
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { DocumentDrawer } from '../../src/documents/DocumentDrawer';
import { setRuntimeConfig } from '../../src/config/runtime-config';
import { createDocumentApi } from './support/fake-document-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { flagsExcept, renderConsole } from './support/render-console';
import { pageCss } from './support/page-styles';
import { API, AUTH } from './support/fixture-api';

const api = createDocumentApi();
withFakeServer(api);

let blobs: Blob[];
beforeEach(() => {
  blobs = [];
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  };
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.restoreAllMocks());

function Host({ documentId, localId }: { documentId?: string; localId?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'drawer open' : 'drawer closed'}</p>
      <DocumentDrawer documentId={open ? documentId : null} localId={open ? localId : null} onClose={() => setOpen(false)} />
    </>
  );
}

function openDrawer(key: { documentId?: string; localId?: string }, permission = flagsExcept()) {
  return renderConsole('/doc', permission, { routes: <Route path="/doc" element={<Host {...key} />} />, resources: false });
}

const drawer = () => screen.findByRole('dialog');
/** The answer block under a field's label. */
async function answer(label: string): Promise<HTMLElement> {
  const d = await drawer();
  const title = await within(d).findByText(label, { selector: 'p' });
  return title.closest('.document-field') as HTMLElement;
}
const detail = (dl: HTMLElement, label: string) => within(dl).getByText(label).nextElementSibling?.textContent;

describe('the document drawer', () => {
  it('loads the document by id and heads it with program, module, type, id, submitter, date, revision and state', async () => {
    openDrawer({ documentId: 'doc-1' });
    const header = (await within(await drawer()).findByText('Program', { selector: 'dt' })).closest('dl') as HTMLElement;
    expect(detail(header, 'Program')).toBe('Water for All');
    expect(detail(header, 'Module')).toBe('Beneficiaries');
    expect(detail(header, 'Document Type')).toBe('Household');
    expect(detail(header, 'Document ID')).toBe('doc-1');
    expect(detail(header, 'Submitted by')).toBe('Grace Hopper');
    expect(detail(header, 'Submitted at')).toMatch(/^20\/11\/2026 \d\d:\d\d$/);
    expect(detail(header, 'Form revision')).toBe('Revision 3');
    expect(detail(header, 'Status')).toBe('Submitted, not processed');
    expect(api.state.seen.some((r) => r.path === '/document/doc-1')).toBe(true);
  });

  it('loads a document by its local id', async () => {
    openDrawer({ localId: 'local-2' });
    expect(await within(await drawer()).findByText('Otieno Odhiambo')).toBeTruthy();
    expect(api.state.seen.filter((r) => r.path.startsWith('/dashboard/document')).map((r) => r.search)).toEqual(['?local_id=local-2']);
  });

  it("says 'No document found' for a document that is not there", async () => {
    openDrawer({ documentId: 'missing' });
    expect(await within(await drawer()).findByText('No document found')).toBeTruthy();
  });

  it('shows images and signatures from blob URLs fetched with the session, never from the server address', async () => {
    openDrawer({ documentId: 'doc-1' });
    const photo = (await within(await answer('Photo of the house')).findByRole('img', { name: 'Photo of the house' })) as HTMLImageElement;
    expect(photo.getAttribute('src')).toMatch(/^blob:test\//);
    const signature = (await within(await answer('Signature')).findByRole('img', { name: 'Signature' })) as HTMLImageElement;
    expect(signature.getAttribute('src')).toMatch(/^blob:test\//);
    const fetched = api.state.seen.filter((r) => r.path.includes('/attachment/'));
    expect(fetched.map((r) => r.path).sort()).toEqual(['/document/doc-1/attachment/a1b2.png', '/document/doc-1/attachment/c3d4.png']);
    expect(fetched.every((r) => r.authorization === 'Bearer tok-1')).toBe(true);
    expect(blobs.every((b) => b.type === 'image/png')).toBe(true);
    const sources = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
    expect(sources.some((src) => src.startsWith(API) || src.startsWith(AUTH))).toBe(false);
  });

  it('writes a date as DD-MM-YYYY and a date-time as DD/MM/YYYY HH:MM', async () => {
    openDrawer({ documentId: 'doc-1' });
    expect(within(await answer('Visit day')).getByText('19-11-2026')).toBeTruthy();
    expect(within(await answer('Visited at')).getByText(/^19\/11\/2026 \d\d:\d\d$/)).toBeTruthy();
  });

  it("shows a choice by its option's label, not its stored value", async () => {
    openDrawer({ documentId: 'doc-1' });
    const county = await answer('County');
    expect(within(county).getByText('Kisumu Lakeside')).toBeTruthy();
    expect(within(county).queryByText('kisumu')).toBeNull();
  });

  it('shows a field group as a table: a row per item, a column per sub-field', async () => {
    openDrawer({ documentId: 'doc-1' });
    const table = within(await answer('Children')).getByRole('table', { name: 'Children' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Child name', 'School'],
      ['Amani', 'In school'],
      ['Baraka', 'Not in school'],
    ]);
  });

  it('names the beneficiaries by their first text answer, or their local id', async () => {
    openDrawer({ documentId: 'doc-1' });
    const members = await answer('Members');
    expect(await within(members).findByText('Achieng Otieno')).toBeTruthy();
    expect(await within(members).findByText('local-ben-2')).toBeTruthy();
  });

  it("without a Google Maps key, toggles the tile map between 'View on map' and 'Hide Map', beside an OpenStreetMap link", async () => {
    openDrawer({ documentId: 'doc-1' });
    const where = await answer('Location');
    expect(within(where).getByText('-0.091700, 34.768000')).toBeTruthy();
    const link = within(where).getByRole('link', { name: 'Open in OpenStreetMap' });
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=-0.0917&mlon=34.768#map=14/-0.0917/34.768');
    expect(within(where).queryByRole('region', { name: 'Map of -0.091700, 34.768000' })).toBeNull();
    fireEvent.click(within(where).getByRole('button', { name: 'View on map' }));
    const map = await within(where).findByRole('region', { name: 'Map of -0.091700, 34.768000' });
    expect(map.querySelector('.leaflet-container')).toBeTruthy();
    expect(map.textContent).toContain('© OpenStreetMap contributors');
    fireEvent.click(within(where).getByRole('button', { name: 'Hide Map' }));
    expect(within(where).queryByRole('region', { name: 'Map of -0.091700, 34.768000' })).toBeNull();
    expect(document.querySelector('script[src*="googleapis"]')).toBeNull();
  });

  it('with maps turned off (MAP_TILES_URL=none), shows the coordinates and says maps are off, offering no map', async () => {
    openDrawer({ documentId: 'doc-1' });
    setRuntimeConfig({ authUrl: AUTH, apiUrl: API, mapTiles: null });
    const where = await answer('Location');
    expect(within(where).getByText('-0.091700, 34.768000')).toBeTruthy();
    expect(within(where).getByText('Maps are turned off on this installation.')).toBeTruthy();
    expect(within(where).queryByRole('button', { name: 'View on map' })).toBeNull();
    expect(within(where).queryByRole('link', { name: 'Open in OpenStreetMap' })).toBeNull();
  });

  it('shows an answer no display knows as JSON, and leaves out a field the logic hides', async () => {
    openDrawer({ documentId: 'doc-1' });
    expect((await answer('Route')).textContent).toContain('"lat": 1');
    expect(within(await answer('Owns land')).getByText('No')).toBeTruthy();
    expect(within(await drawer()).queryByText('Land size')).toBeNull();
  });

  it('prints the document with a print stylesheet that leaves the page behind out', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    openDrawer({ documentId: 'doc-1' });
    fireEvent.click(await within(await drawer()).findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(pageCss()).toMatch(/@media print\{[^]*body>\*:not\(\.document-print-root\)\{display:none ?!important;/);
  });

  it("marks the document processed for a role with can_edit_document, with the toast 'Document marked as processed'", async () => {
    openDrawer({ documentId: 'doc-1' });
    const d = await drawer();
    fireEvent.click(await within(d).findByRole('button', { name: 'Mark as processed' }));
    expect(await screen.findByText('Document marked as processed')).toBeTruthy();
    expect(await within(d).findByText(/^Processed 26\/11\/2026/)).toBeTruthy();
    expect(within(d).queryByRole('button', { name: 'Mark as processed' })).toBeNull();
    expect(api.state.seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/document/doc-1/processed']);
  });

  it('offers no Mark as processed without can_edit_document, nor on a processed document', async () => {
    openDrawer({ documentId: 'doc-1' }, flagsExcept('can_edit_document'));
    expect(await within(await drawer()).findByText('Wanjiru Kamau')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as processed' })).toBeNull();
  });

  it('offers no Mark as processed on a document already processed', async () => {
    openDrawer({ documentId: 'doc-2' });
    const d = await drawer();
    expect(await within(d).findByText('Otieno Odhiambo')).toBeTruthy();
    expect(within(d).getByText(/^Processed 19\/11\/2026/)).toBeTruthy();
    expect(within(d).queryByRole('button', { name: 'Mark as processed' })).toBeNull();
  });

  it('closes', async () => {
    openDrawer({ documentId: 'doc-1' });
    fireEvent.click(await within(await drawer()).findByRole('button', { name: 'Close' }));
    expect(await screen.findByText('drawer closed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("with a Google Maps key, toggles a map between 'View on map' and 'Hide Map'", async () => {
    openDrawer({ documentId: 'doc-1' });
    setRuntimeConfig({ authUrl: AUTH, apiUrl: API, googleMapsApiKey: 'test-key' });
    const where = await answer('Location');
    expect(within(where).queryByRole('link', { name: 'Open in OpenStreetMap' })).toBeNull();
    fireEvent.click(within(where).getByRole('button', { name: 'View on map' }));
    expect(await within(where).findByRole('button', { name: 'Hide Map' })).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('script[src^="https://maps.googleapis.com/"]')?.getAttribute('src')).toContain('key=test-key'),
    );
    fireEvent.click(within(where).getByRole('button', { name: 'Hide Map' }));
    expect(within(where).getByRole('button', { name: 'View on map' })).toBeTruthy();
  });
});
