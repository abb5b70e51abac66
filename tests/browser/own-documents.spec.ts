/**
 * A supervisor whose role lacks can_see_all_docs, on the team of a program whose documents are
 * visible only to their submitters (documentVisible OWN), sees only their own documents in the
 * console: the dashboard's count, the Data Explorer's total and rows, its id search, the CSV
 * export and the document drawer's image — and the api refuses them another worker's attachment
 * as if it did not exist. Once the program shows its documents to the whole team (ALL), the
 * supervisor's total counts everyone's. Every page fails the test on a console error or a
 * Content-Security-Policy violation, except the one 404 the missed search causes on purpose.
 */
import { expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, testFailingOnPageErrors, toast } from './helpers.ts';
import { documentRows, query } from './explorer.ts';
import { seedProgram, type SeededProgram } from './seed-program.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;

const PROGRAM = 'Borehole Follow-up';
const TYPE = 'Borehole Household';
const FIELDS = [
  { field_label: 'Household head', field_name: 'head', field_type: 'text', validation: { required: true } },
  { field_label: 'Photo of the borehole', field_name: 'photo', field_type: 'image' },
];
const SUPERVISOR = { first_name: 'Sifa', last_name: 'Supervisor', email: 'sifa.supervisor@example.org', password: 'Supervisor-pass-1' };
const WORKER = { first_name: 'Wekesa', last_name: 'Worker', email: 'wekesa.worker@example.org', password: 'Worker-pass-123' };
const MINE = 3;
const THEIRS = 4;
const RECEIVED = 'We have received your request, you will receive an email shortly to download the report.';

interface Submitted {
  _id: string;
  photo: string;
}
const made = {
  roleId: '',
  userIds: [] as string[],
  mine: [] as Submitted[],
  theirs: [] as Submitted[],
};
let adminToken = '';
let seeded: SeededProgram | undefined;

/**
 * Every page of this file fails its test on a console error or a policy violation, but for the one
 * failed load it causes on purpose: searching for the other worker's document answers 404.
 */
const test = testFailingOnPageErrors(() => [
  new RegExp(`404 \\(Not Found\\) \\(http://localhost:\\d+/dashboard/document/${made.theirs[0]?._id}\\)$`),
]);

test.describe.configure({ mode: 'serial' });

/** A small one-colour PNG: a photo the drawer can draw. */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const line = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: w }, () => Buffer.from(rgb)))]);
  const rows = Buffer.concat(Array.from({ length: h }, () => line));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function call(token: string, method: string, url: string, body: unknown, expected: number) {
  const res = await callWith(token, method, url, body);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(expected);
  return res.body;
}

/** A session as the mobile app opens it (field staff have no console). */
async function mobileToken(creds: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${authUrl}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: creds.email, password: creds.password, client: 'mobile' }),
  });
  expect(res.status, `mobile sign-in of ${creds.email}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function addUser(user: typeof SUPERVISOR, role: string, designation: string, n: number): Promise<string> {
  const body = await call(
    adminToken,
    'POST',
    `${authUrl}/user`,
    { ...user, employeeId: `OWN-${n}`, mobile: `91234567${String(n).padStart(2, '0')}`, designation, role },
    201,
  );
  made.userIds.push(body._id!);
  return body._id!;
}

/** Submits `count` documents as this user, each with a photo uploaded by them. */
async function submitAs(token: string, who: string, count: number, into: Submitted[]) {
  for (let i = 0; i < count; i++) {
    const file = new FormData();
    file.append('file', new Blob([new Uint8Array(png(64, 48, [30 + i * 40, 136, 229]))], { type: 'image/png' }), 'borehole.png');
    const photo = (await call(token, 'POST', `${apiUrl}/document/attachment`, file, 201)).name as string;
    const _id = await seeded!.submit(`own-e2e-${who}-${i}`, { head: `${who} household ${i}`, photo }, { as: token });
    into.push({ _id, photo });
  }
}

async function setVisibility(visible: 'ALL' | 'OWN') {
  const form = new FormData();
  form.append('documentVisible', visible);
  await call(adminToken, 'PATCH', `${apiUrl}/program/${seeded!.programId}`, form, 200);
}

test.beforeAll(async () => {
  adminToken = await apiToken(authUrl, E2E.admin);
  seeded = await seedProgram({
    form: { name: 'Borehole visit', fields: FIELDS },
    type: { name: TYPE, plural: 'Borehole Households', description: 'Households near a borehole' },
    program: { name: PROGRAM, description: 'Follow-up visits to households near new boreholes', documentVisible: 'OWN' },
  });

  // A supervisor who may use the console, explore and submit, but sees all documents only where a program says so.
  const role = await call(adminToken, 'POST', `${authUrl}/role`, { role: 'Supervisor' }, 201);
  made.roleId = role._id!;
  await call(
    adminToken,
    'PATCH',
    `${authUrl}/permission/${made.roleId}`,
    { can_access_dashboard: true, can_explore_data: true, can_add_document: true, can_see_all_docs: false },
    200,
  );
  const designations = (await call(adminToken, 'GET', `${authUrl}/designation`, undefined, 200)) as unknown as Array<{ _id: string }>;
  const roles = (await call(adminToken, 'GET', `${authUrl}/role`, undefined, 200)) as unknown as Array<{ _id: string; role_slug: string }>;
  const fieldStaff = roles.find((r) => r.role_slug === 'field-staff')!._id;
  const supervisor = await addUser(SUPERVISOR, made.roleId, designations[0]!._id, 1);
  const worker = await addUser(WORKER, fieldStaff, designations[0]!._id, 2);

  for (const user of [supervisor, worker]) await call(adminToken, 'POST', `${apiUrl}/program/${seeded.programId}/team`, { user }, 200);

  await submitAs(await apiToken(authUrl, SUPERVISOR), 'sifa', MINE, made.mine);
  await submitAs(await mobileToken(WORKER), 'wekesa', THEIRS, made.theirs);
});

test.afterAll(async () => {
  // The specs after this one count programs, forms and users: take away what this one added.
  await seeded?.cleanUp();
  for (const id of made.userIds) await callWith(adminToken, 'DELETE', `${authUrl}/user/${id}`);
  if (made.roleId) await callWith(adminToken, 'DELETE', `${authUrl}/role/${made.roleId}`);
});

/** The dashboard card's number, when it reads exactly n. */
const savedCount = (page: Page, n: number) =>
  page.getByRole('region', { name: 'Number of Documents Saved', exact: true }).getByText(String(n), { exact: true });

/** The status of a fetch of this attachment with the session the console holds. */
async function attachmentStatus(page: Page, doc: Submitted): Promise<number> {
  const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem('fieldbase') ?? '{}') as { token?: string });
  expect(token, 'the console keeps a session').toBeTruthy();
  const res = await page.request.get(`${apiUrl}/document/${doc._id}/attachment/${doc.photo}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return res.status();
}

test('a supervisor without can_see_all_docs sees only their own documents everywhere in the console', async ({ page }) => {
  await openSignedIn(page, SUPERVISOR);
  await expect(savedCount(page, MINE)).toBeVisible();

  await page.getByRole('menuitem', { name: 'Data Explorer' }).click();
  await expect(page).toHaveURL(/\/data-explorer$/);
  await query(page, PROGRAM, TYPE, MINE);
  await expect(documentRows(page)).toHaveCount(MINE);
  for (const doc of made.mine) await expect(documentRows(page).filter({ hasText: doc._id })).toHaveCount(1);
  for (const doc of made.theirs) await expect(page.getByText(doc._id)).toHaveCount(0);

  // Their own document opens in the drawer with its photo, fetched with the session.
  await documentRows(page).filter({ hasText: made.mine[0]!._id }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('sifa household 0')).toBeVisible();
  const photo = drawer.getByRole('img', { name: 'Photo of the borehole' });
  await expect(photo).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => photo.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(64);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);

  // The export holds their rows and no others.
  await page.getByRole('button', { name: 'Export Documents' }).click();
  await expect(toast(page, RECEIVED)).toBeVisible();
  const job = page
    .getByRole('region', { name: 'Downloads' })
    .getByRole('listitem', { name: `${PROGRAM} · ${TYPE}` })
    .first();
  await expect(job.getByRole('button', { name: 'Download' })).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), job.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toContain('Document ID');
  expect(lines).toHaveLength(MINE + 1);
  for (const doc of made.mine) expect(lines.filter((l) => l.includes(doc._id))).toHaveLength(1);
  for (const doc of made.theirs) expect(lines.some((l) => l.includes(doc._id))).toBe(false);

  // The search does not find the other worker's document, as if it did not exist.
  const search = page.getByRole('textbox', { name: 'Search for a specific document' });
  await search.fill(made.theirs[0]!._id);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No document found')).toBeVisible();
  await search.fill(made.mine[1]!._id);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Total number of Documents: 1')).toBeVisible();
  await expect(documentRows(page)).toHaveCount(1);

  // Nor does the api hand over the other worker's files.
  expect(await attachmentStatus(page, made.mine[0]!)).toBe(200);
  expect(await attachmentStatus(page, made.theirs[0]!)).toBe(404);
});

test('once the program shows documents to its whole team, the supervisor sees everyone’s', async ({ page }) => {
  await setVisibility('ALL');
  await openSignedIn(page, SUPERVISOR);
  await expect(savedCount(page, MINE + THEIRS)).toBeVisible();
  await page.goto('/data-explorer');
  await query(page, PROGRAM, TYPE, MINE + THEIRS);
  await expect(documentRows(page)).toHaveCount(MINE + THEIRS);
  expect(await attachmentStatus(page, made.theirs[0]!)).toBe(200);
});
