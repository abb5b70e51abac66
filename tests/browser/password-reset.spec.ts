/** Forgot password for real: /otp mails a link, /resetpassword sets the new password once. */
import { expect, test } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { callWith, forgetSession, latestResetLink, signIn, toast } from './helpers.ts';

test('forgot password mails a single-use link that sets a new password', async ({ page }) => {
  const newPassword = 'a new and long passphrase';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await page.getByLabel('Email').fill(E2E.viewer.email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Please contact admin! Mail has send to them')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const link = await latestResetLink(E2E.viewer.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password').fill('something else entirely');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password not match')).toBeVisible();

  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Your password has been changed. Please log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password is dead, the new one works.
  await page.getByLabel('Email').fill(E2E.viewer.email);
  await page.getByLabel('Password').fill(E2E.viewer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await signIn(page, { email: E2E.viewer.email, password: newPassword });

  // The link worked once only.
  await forgetSession(page);
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill('yet another long passphrase');
  await page.getByLabel('Confirm password').fill('yet another long passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This reset link is invalid, expired or already used')).toBeVisible();

  // Put the viewer's password back (the viewer changing its own, with the current one): the specs
  // after this one on the same stack sign in as the viewer.
  const signedIn = await fetch(`${authUrl}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: E2E.viewer.email, password: newPassword }),
  });
  const { token, user } = (await signedIn.json()) as { token: string; user: { _id: string } };
  const restored = await callWith(token, 'PATCH', `${authUrl}/user/${user._id}`, {
    _id: user._id,
    email: E2E.viewer.email,
    password: E2E.viewer.password,
    confirm_password: E2E.viewer.password,
    current_password: newPassword,
  });
  expect(restored.status, JSON.stringify(restored.body)).toBe(200);
});
