/**
 * Hostile view-list files, each built here byte by byte: a zip whose directory understates what
 * it unpacks to, a sheet of millions of empty rows, one enormous cell, a zip whose local headers
 * disagree with its directory, three of them at once. Each is refused with a 400 naming
 * `excel_file` after a bounded amount of work: the process's memory does not balloon, nothing
 * is stored, and the servers keep answering meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { csvFile, nameField, peakRssGrowthMb, viewLists, xlsxFile } from '../support/view-lists.ts';
import type { FilePart } from '../support/multipart.ts';
import {
  buildZip,
  sharedCell,
  sharedStringsOf,
  sheetOf,
  sheetRow,
  sheetXml,
  textCell,
  workbookParts,
  type ZipPart,
} from '../support/zip-files.ts';
import { VIEW_LIST_MAX_CELL_CHARS, VIEW_LIST_MAX_ROWS, VIEW_LIST_MAX_SHARED_STRINGS } from '../../server/view-lists/limits.ts';

let t: TestServer;
let admin: Session;
const lists = viewLists(
  () => t,
  () => admin,
);

/** Far below what any of these files would take if read whole (hundreds of MB), far above a refusal's cost. */
const RSS_GROWTH_LIMIT_MB = 100;
/**
 * Three imports at once run in three threads, each with a V8 heap of its own (the first is already
 * warm), measured in a test process that other files have used before: 102 MB was seen once on a
 * busy machine. Still far below a single file read whole.
 */
const RSS_GROWTH_LIMIT_THREE_MB = 2 * RSS_GROWTH_LIMIT_MB;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  // A first import starts the import worker, so what is measured below is the files' own cost.
  await lists.create('Warm-up', csvFile('Town\nKisumu\n'));
});
afterAll(() => t?.close());

const HEADER = sheetRow(1, textCell('A1', 'Town'));

/** 3 million shared strings (about 160 MB unpacked) behind a directory that says 1,000 bytes. */
async function understatedWorkbook(): Promise<Buffer> {
  const parts = workbookParts(
    sheetXml(HEADER + sheetRow(2, sharedCell('A2', 0))),
    sharedStringsOf('<si><t>Kisumu County, by the lake, Nyanza</t></si>', 3_000_000),
  );
  parts.find((p) => p.name === 'xl/sharedStrings.xml')!.declaredSize = 1000;
  return buildZip(parts);
}

/** One real row, then two million empty `<row/>` elements (12 MB unpacked, declared truly). */
const emptyRowsWorkbook = () => buildZip(workbookParts(sheetOf(HEADER + sheetRow(2, textCell('A2', 'Kisumu')), '<row/>', 2_000_000)));

/** One cell of 150 million characters (declared truly, under the 200 MB the archive may unpack to). */
const enormousCellWorkbook = () =>
  buildZip(workbookParts(sheetOf(`${HEADER}<row r="2"><c r="A2" t="inlineStr"><is><t>`, 'a', 150_000_000, '</t></is></c></row>')));

/** A plain two-row workbook's parts, to be made hostile. */
const honestParts = (): ZipPart[] => workbookParts(sheetXml(HEADER + sheetRow(2, textCell('A2', 'Kisumu'))));

async function refused(file: FilePart, message: RegExp) {
  const before = { files: await lists.storedFileNames(), lists: await lists.storedLists(), rows: await lists.storedRows() };
  const { result: res, growthMb } = await peakRssGrowthMb(() => lists.send('POST', '/listview', [nameField('Hostile'), file]));
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { excel_file: expect.stringMatching(message) } });
  expect({ files: await lists.storedFileNames(), lists: await lists.storedLists(), rows: await lists.storedRows() }).toEqual(before);
  expect(growthMb).toBeLessThan(RSS_GROWTH_LIMIT_MB);
}

describe('a zip cannot lie about its size', () => {
  it('refuses a workbook whose directory understates its shared strings, after inflating what it declared', async () => {
    await refused(xlsxFile(await understatedWorkbook()), /xl\/sharedStrings\.xml unpacks to more than its zip directory declares/);
  });

  it('caps the shared strings: more than the table may hold, or one longer than a cell', async () => {
    const many = workbookParts(
      sheetXml(HEADER + sheetRow(2, sharedCell('A2', 0))),
      sharedStringsOf('<si><t>Kisumu</t></si>', VIEW_LIST_MAX_SHARED_STRINGS + 1),
    );
    await refused(xlsxFile(await buildZip(many)), /more than 1,000,000 different texts/);
    const long = workbookParts(sheetXml(HEADER + sheetRow(2, sharedCell('A2', 0))), {
      prefix: '<sst><si><r><t>',
      repeat: 'Kisumu</t></r><r><t>',
      times: 400,
      suffix: '</t></r></si></sst>',
    });
    await refused(xlsxFile(await buildZip(long)), new RegExp(`A cell holds more than ${VIEW_LIST_MAX_CELL_CHARS} characters`));
  });
});

describe('rows and cells are counted while reading', () => {
  it('refuses two million empty rows at the row limit', async () => {
    await refused(xlsxFile(await emptyRowsWorkbook()), new RegExp(`more than ${VIEW_LIST_MAX_ROWS} rows \\(empty rows count too\\)`));
  });

  it('refuses a cell of 150 million characters without holding it', async () => {
    await refused(xlsxFile(await enormousCellWorkbook()), new RegExp(`A cell holds more than ${VIEW_LIST_MAX_CELL_CHARS} characters`));
  });

  it('refuses a tag of 2 MB (an attribute that never ends) without holding it', async () => {
    const tag = workbookParts(sheetOf(`${HEADER}<row r="2"><c r="A2" t="inlineStr" x="`, 'b', 2_000_000, '"><is><t>K</t></is></c></row>'));
    await refused(xlsxFile(await buildZip(tag)), /holds a tag over 1 MB/);
  });

  it('counts a CSV’s empty lines as rows, and stops a quoted cell at the cell limit', async () => {
    await refused(csvFile(`Town\nKisumu\n${'\n'.repeat(VIEW_LIST_MAX_ROWS + 10)}`), new RegExp(`more than ${VIEW_LIST_MAX_ROWS} rows`));
    await refused(
      csvFile(`Town\n"${'a'.repeat(15_000_000)}"\n`),
      new RegExp(`A cell holds more than ${VIEW_LIST_MAX_CELL_CHARS} characters`),
    );
    await refused(csvFile(`Town\nKisumu${','.repeat(1_000_000)}\n`), /more than 50 columns/);
  });
});

describe('the zip read is the zip checked', () => {
  it('refuses a local header that names another part than the directory', async () => {
    const parts = honestParts();
    parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!.localName = 'xl/worksheets/sheet2.xml';
    await refused(xlsxFile(await buildZip(parts)), /the local header of xl\/worksheets\/sheet1\.xml disagrees with the directory/);
  });

  it('refuses a part hidden from the directory', async () => {
    const parts = honestParts();
    const sheet = parts.findIndex((p) => p.name === 'xl/worksheets/sheet1.xml');
    parts.splice(sheet, 0, {
      name: 'xl/worksheets/sheet1.xml',
      content: sheetXml(HEADER + sheetRow(2, textCell('A2', 'Hidden'))),
      hidden: true,
    });
    await refused(xlsxFile(await buildZip(parts)), /its entries and its directory disagree/);
  });

  it('refuses a data descriptor that disagrees with the directory, and reads one that agrees', async () => {
    const lying = honestParts().map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? { ...p, descriptor: { size: 1 } } : p));
    await refused(xlsxFile(await buildZip(lying)), /the data descriptor of xl\/worksheets\/sheet1\.xml disagrees/);
    const honest = honestParts().map((p) => ({ ...p, descriptor: true }));
    const list = await lists.create('Streamed zip', xlsxFile(await buildZip(honest)));
    expect(await lists.labels(list._id)).toEqual(['Kisumu']);
  });
});

describe('three at once', () => {
  it('refuses all three while the servers keep answering /health and signing in', async () => {
    const files = [await understatedWorkbook(), await emptyRowsWorkbook(), await enormousCellWorkbook()];
    const { result, growthMb } = await peakRssGrowthMb(async () => {
      const bombs = files.map((file) => lists.send('POST', '/listview', [nameField('Bomb'), xlsxFile(file)]));
      // Sent while the three are in flight.
      const health = await t.api.app.inject({ method: 'GET', url: '/health' });
      const signIn = await t.auth.app.inject({ method: 'POST', url: '/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      return { answers: await Promise.all(bombs), health, signIn };
    });
    expect(result.health.statusCode).toBe(200);
    expect(result.signIn.statusCode).toBe(200);
    expect(result.answers.map((r) => [r.statusCode, Object.keys(r.json().fields ?? {})])).toEqual([
      [400, ['excel_file']],
      [400, ['excel_file']],
      [400, ['excel_file']],
    ]);
    expect(growthMb).toBeLessThan(RSS_GROWTH_LIMIT_THREE_MB);
    // Still up, and still importing.
    expect((await t.api.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const list = await lists.create('After the bombs', csvFile('Town\nKisumu\n'));
    expect(list.row_count).toBe(1);
  });
});
