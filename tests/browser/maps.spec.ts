/**
 * Maps in Chromium against the real servers, drawn from the installation's tile server
 * (MAP_TILES_URL; the test stack names a host that does not exist, and its tiles are answered
 * here by page.route with a PNG made in the test, so nothing reaches the internet):
 *
 *   - the document drawer toggles a geo-location's map between 'View on map' and 'Hide Map',
 *     its marker on the tile map, tiles asked of the configured host at zoom 14;
 *   - the Data Explorer's Map view shows the query's documents that have a location as
 *     clustered points, a cluster zooms in, a point opens the document in the drawer.
 *
 * Every page fails the test on a console error or a Content-Security-Policy violation (the
 * tile host must be allowed in img-src), and axe finds nothing serious. Screenshots (when
 * asked for, screenshots.ts) at 1440 and 390 px.
 */
import { expect, type Page } from '@playwright/test';
import { png } from '../../server/uploads/png-writer.ts';
import { E2E, E2E_MAP_TILES_URL } from './e2e-settings.ts';
import { storeSession, testFailingOnPageErrors } from './helpers.ts';
import { expectNoSeriousAxe } from './axe.ts';
import { query } from './explorer.ts';
import { seedProgram, type SeededProgram } from './seed-program.ts';
import { keepScreenshot } from './screenshots.ts';
const tileHost = new URL(E2E_MAP_TILES_URL.replace(/\{[a-z]\}/g, '0')).origin;
const shot = (page: Page, name: string) => keepScreenshot(page, `18-maps-${name}`);

/** A 256 px tile, light blue-grey: enough to see the map is drawn, nothing fetched from outside. */
const TILE = png(256, 256, (x, y) => (((x >> 5) + (y >> 5)) % 2 ? [214, 226, 236] : [226, 234, 242]));

const test = testFailingOnPageErrors().extend<{ tiles: string[] }>({
  /** Every tile address the page asked for; each is answered with TILE. */
  tiles: [
    async ({ page }, use) => {
      const asked: string[] = [];
      await page.route(`${tileHost}/**`, (route) => {
        asked.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
      });
      await use(asked);
    },
    { auto: true },
  ],
});

test.describe.configure({ mode: 'serial' });

const PROGRAM = 'Mapped Boreholes';
const TYPE = 'Borehole Household';
/** Nairobi: six households a few streets apart; Kisumu: one, far west; two without a location. */
const NAIROBI = [
  { lat: -1.2864, lng: 36.8172 },
  { lat: -1.2881, lng: 36.8205 },
  { lat: -1.2843, lng: 36.8231 },
  { lat: -1.2902, lng: 36.8149 },
  { lat: -1.2925, lng: 36.8218 },
  { lat: -1.2851, lng: 36.8126 },
];
const KISUMU = { lat: -0.0917, lng: 34.768 };
const made = { kisumuLocalId: 'maps-e2e-kisumu', kisumuId: '' };
let seeded: SeededProgram | undefined;

async function seed() {
  seeded = await seedProgram({
    form: {
      name: 'Borehole household visit',
      fields: [
        { field_label: 'Head of household', field_name: 'head', field_type: 'text' },
        { field_label: 'Home location', field_name: 'home', field_type: 'geo-location' },
      ],
    },
    type: { name: TYPE, plural: 'Borehole Households', description: 'Households' },
    program: { name: PROGRAM, description: 'Boreholes and the households they serve' },
  });
  for (const [i, home] of NAIROBI.entries()) await seeded.submit(`maps-e2e-nairobi-${i}`, { head: `Nairobi head ${i}`, home });
  made.kisumuId = await seeded.submit(made.kisumuLocalId, { head: 'Kisumu head', home: KISUMU });
  for (let i = 0; i < 2; i++) await seeded.submit(`maps-e2e-nowhere-${i}`, { head: `Nowhere head ${i}` });
}

/** The explorer, opened afresh, with the nine documents queried. */
async function openQuery(page: Page) {
  await page.goto('/data-explorer');
  await query(page, PROGRAM, TYPE, 9);
}

/** z/x/y of each tile asked for. */
const tileCoordinates = (asked: string[]) =>
  asked.map((url) => {
    expect(url.startsWith(`${tileHost}/`), url).toBe(true);
    const [, z, x, y] = /\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url) ?? [];
    return { z: Number(z), x: Number(x), y: Number(y) };
  });

test.beforeAll(seed);
// The specs after this one count programs and forms: take away what this one added.
test.afterAll(() => seeded?.cleanUp());

test("the drawer draws a geo-location on the tile map between 'View on map' and 'Hide Map'", async ({ page, tiles }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await storeSession(page, E2E.admin);
  await openQuery(page);
  await page.getByRole('row').filter({ hasText: made.kisumuLocalId }).click();
  const drawer = page.getByRole('dialog');
  const location = drawer.locator('.document-field').filter({ has: page.getByText('Home location', { exact: true }) });
  await expect(location).toContainText('-0.091700, 34.768000');
  const map = location.getByRole('region', { name: 'Map of -0.091700, 34.768000' });
  await expect(map).toHaveCount(0);
  expect(tiles).toEqual([]);

  await location.getByRole('button', { name: 'View on map' }).click();
  await expect(map).toBeVisible();
  await expect(map.locator('.fieldbase-map-point')).toBeVisible();
  await expect(map.getByText('© OpenStreetMap contributors')).toBeVisible();
  // Tiles at zoom 14 around Kisumu, from the configured host only, drawn (loaded) on the map.
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  const kisumuTile = { x: Math.floor(((KISUMU.lng + 180) / 360) * 2 ** 14), z: 14 };
  expect(tileCoordinates(tiles).some((t) => t.z === kisumuTile.z && Math.abs(t.x - kisumuTile.x) <= 2)).toBe(true);
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(location.getByRole('button', { name: 'Hide Map' })).toBeVisible();
  await expectNoSeriousAxe(page, 'drawer with its map');
  await shot(page, 'drawer-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => document.querySelector('[role=dialog] .leaflet-container')?.scrollIntoView({ block: 'center' }));
  await shot(page, 'drawer-390');
  await page.setViewportSize({ width: 1440, height: 1000 });

  await location.getByRole('button', { name: 'Hide Map' }).click();
  await expect(map).toHaveCount(0);
  await expect(location.getByRole('button', { name: 'View on map' })).toBeVisible();
});

test('the Map view shows the query’s documents with a location as clusters; a cluster zooms in, a point opens the drawer', async ({
  page,
  tiles,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await storeSession(page, E2E.admin);
  await openQuery(page);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.getByRole('region', { name: 'Map of the documents found' });
  await expect(map).toBeVisible();
  // Seven of the nine have a location; fitted to them, all seven are in view.
  await expect(page.getByText('Documents with a location in view: 7')).toBeVisible();
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  expect(tileCoordinates(tiles).length).toBeGreaterThan(0);
  // The six Nairobi households are one cluster at this zoom; Kisumu's is a point of its own.
  const nairobi = map.getByRole('button', { name: '6 documents: zoom in' });
  await expect(nairobi).toBeVisible();
  await expect(map.getByRole('button', { name: 'Open document' })).toHaveCount(1);
  await expectNoSeriousAxe(page, 'the Map view');
  await shot(page, 'explorer-map-1440');

  // A cluster zooms to its documents: six points, each its own.
  const zoomBefore = tileCoordinates(tiles).at(-1)!.z;
  await nairobi.click();
  await expect(map.getByRole('button', { name: 'Open document' })).toHaveCount(6);
  await expect(page.getByText('Documents with a location in view: 6')).toBeVisible();
  expect(tileCoordinates(tiles).at(-1)!.z).toBeGreaterThan(zoomBefore);
  await shot(page, 'explorer-map-zoomed-1440');

  // A point opens its document in the drawer.
  await map.getByRole('button', { name: 'Open document' }).first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(/Nairobi head \d/)).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);

  // 'Query Data' again reads the query anew: the map fits all its documents again, not the zoomed-in box.
  await page.getByRole('button', { name: 'Query Data' }).click();
  await expect(page.getByText('Documents with a location in view: 7')).toBeVisible();
  await expect(map.getByRole('button', { name: '6 documents: zoom in' })).toBeVisible();

  // At 390 px the map keeps its place under the filters, the clusters on it.
  await page.setViewportSize({ width: 390, height: 844 });
  await openQuery(page);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByText('Documents with a location in view: 7')).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  await expect(map.getByRole('button', { name: 'Open document' }).first()).toBeVisible();
  await expectNoSeriousAxe(page, 'the Map view at 390 px');
  await shot(page, 'explorer-map-390');
});
