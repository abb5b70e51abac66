import { expect, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { outboxDir } from './e2e-settings.ts';

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
