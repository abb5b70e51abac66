import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { authUrl, outboxDir } from './e2e-settings.ts';

export async function signIn(page: Page, creds: { email: string; password: string }, keepLogin = true) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password').fill(creds.password);
  const toggle = page.getByRole('switch', { name: 'Keep me logged in' });
  if ((await toggle.isChecked()) !== keepLogin) await toggle.click();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs in through the auth server's POST /login and keeps the session where the console keeps
 * it, as a console that signed in earlier would have: the next page the test opens is signed in.
 * Nothing of the console loads here (the session is written on /config.json, same origin).
 * The sign-in screen has tests of its own (journey.spec.ts, accessibility.spec.ts); going
 * through it for every test cost a page load and the dashboard's render each time.
 */
export async function storeSession(page: Page, creds: { email: string; password: string }) {
  const res = await page.request.post(`${authUrl}/login`, {
    data: { email: creds.email, password: creds.password, isKeepLogin: true, userAgent: 'Chromium on Linux (browser tests)' },
  });
  expect(res.status(), `sign-in of ${creds.email}`).toBe(200);
  const { user, token } = (await res.json()) as { user: unknown; token: string };
  await page.goto('/config.json');
  await page.evaluate((session) => localStorage.setItem('fieldbase', session), JSON.stringify({ user, token, isLoggedIn: true }));
}

/** Opens `path` (the dashboard unless told) signed in as `creds`: see storeSession. */
export async function openSignedIn(page: Page, creds: { email: string; password: string }, path = '/dashboard') {
  await storeSession(page, creds);
  await page.goto(path);
}

/**
 * Forgets the stored session, as a browser that never signed in. Cleared on a page of the same
 * origin where the console is not running: the running console may write its session back
 * (a session check finishing) right after a clear.
 */
export async function forgetSession(page: Page) {
  await page.goto('/config.json');
  await page.evaluate(() => localStorage.clear());
}

/** A toast (top right) with this text. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbar-root').filter({ hasText: text });

export const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** The reset link of the newest mail to this address in the outbox folder. */
export async function latestResetLink(to: string): Promise<string> {
  // The server sends in the background: wait for the mail to land.
  await expect.poll(async () => (await readdir(outboxDir).catch(() => [])).filter((f) => f.includes(to)).length).toBeGreaterThan(0);
  const files = (await readdir(outboxDir)).filter((f) => f.includes(to)).sort();
  const mail = await readFile(path.join(outboxDir, files[files.length - 1]!), 'utf8');
  // Quoted-printable may fold long lines with '=\n' and encode '=' as '=3D'.
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/\S+\/resetpassword\?token=[A-Za-z0-9_-]+/.exec(text);
  expect(match, 'reset link in the mail').not.toBeNull();
  return match![0];
}

/**
 * Everything a page reports that a person would call broken: Content-Security-Policy violations
 * (the DOM event and Chromium's message), console errors (a failed request among them) and
 * uncaught errors. Call before the page opens anything.
 */
export async function watchForErrors(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  return problems;
}

/**
 * Playwright's `test` with an automatic `pageProblems` fixture: every page of a spec that uses it
 * fails its test on what watchForErrors collects, but for the problems an `allowed` pattern
 * matches (a 404 the spec causes on purpose). Patterns that name ids made in beforeAll can be
 * given as a function, read when the test ends.
 */
export function testFailingOnPageErrors(allowed: RegExp[] | (() => RegExp[]) = []) {
  return base.extend<{ pageProblems: string[] }>({
    pageProblems: [
      async ({ page }, use) => {
        const problems = await watchForErrors(page);
        await use(problems);
        const patterns = typeof allowed === 'function' ? allowed() : allowed;
        const unexpected = problems.filter((p) => !patterns.some((pattern) => pattern.test(p)));
        expect(unexpected, 'console errors and Content-Security-Policy violations').toEqual([]);
      },
      { auto: true },
    ],
  });
}

/** A session token, signed in through the auth server's api as a script would. */
export async function apiToken(authUrl: string, creds: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${authUrl}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: creds.email, password: creds.password }),
  });
  expect(res.status, `sign-in of ${creds.email}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** One call to a server with a token: a JSON body, or FormData as multipart. Answers the status and the parsed body. */
export async function callWith(
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> & { _id?: string } }> {
  const multipart = body instanceof FormData;
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined && !multipart ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

/**
 * Picks a sortable row up with the keyboard (Space on its focused handle) and waits until the
 * drag listens for arrow keys. dnd-kit's keyboard sensor adds its keydown listener in a
 * `setTimeout(0)` after the drag starts, so an arrow pressed at once can be lost; a timer of the
 * same delay set in the page afterwards fires after that one (timers of equal delay run in the
 * order they were set), so once it has fired the arrows are heard.
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator) {
  await handle.focus();
  await page.keyboard.press('Space');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Clears the admin's own console language (kept on their record), so no other test signs in to a language it did not pick. */
export async function resetAdminLanguage(authUrl: string, creds: { email: string; password: string }): Promise<void> {
  const token = await apiToken(authUrl, creds);
  const session = (await callWith(token, 'POST', `${authUrl}/user/verify`, { token })).body as { user?: { _id: string } };
  expect((await callWith(token, 'PATCH', `${authUrl}/user/${session.user!._id}`, { language: null })).status).toBe(200);
}
