/**
 * The console's languages in Chromium: a user picks Français or العربية from the profile menu;
 * the menu, the breadcrumb and the tab title follow, the choice survives a reload and signing
 * out, follows the user to a fresh browser (it is kept on their record), and Arabic lays the
 * page out right to left (the side menu on the right).
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, resetAdminLanguage } from './helpers.ts';
import { keepScreenshot } from './screenshots.ts';

async function pickLanguage(page: Page, profileMenu: RegExp, language: string) {
  await page.getByRole('button', { name: profileMenu }).click();
  await page.getByRole('menuitem', { name: language }).click();
}

const sideMenu = (page: Page) => page.locator('.RaSidebar-fixed');

test.describe.configure({ mode: 'serial' });
test.afterAll(() => resetAdminLanguage(authUrl, E2E.admin));

test('a user switches the console to French and keeps it after a reload and after signing out', async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/designation');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await pickLanguage(page, /^Profile menu/, 'Français');

  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('link', { name: 'Tableau de bord' }).first()).toBeVisible();
  await expect(sideMenu(page).getByRole('menuitem', { name: 'Fonctions' })).toBeVisible();
  await expect(page).toHaveTitle('Fonctions · Fieldbase');
  await keepScreenshot(page, 'language-fr-designations-1440');

  await page.reload();
  await expect(sideMenu(page).getByRole('menuitem', { name: 'Paramètres' })).toBeVisible();

  // Signing out keeps the device's language: the sign-in screen is in French.
  await page.getByRole('button', { name: /^Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Rester connecté' })).toBeChecked();
  await expect(page).toHaveTitle('Connexion · Fieldbase');
  await keepScreenshot(page, 'language-fr-login-1440');
});

test('the language follows the user to a browser that never saw them, until they pick another', async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/designation');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(sideMenu(page).getByRole('menuitem', { name: 'Fonctions' })).toBeVisible();
  await pickLanguage(page, /^Menu du profil/, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(sideMenu(page).getByRole('menuitem', { name: 'Designations' })).toBeVisible();
});

test('in Arabic the page reads right to left: the side menu on the right, mirrored on a phone too', async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/designation');
  await pickLanguage(page, /^Profile menu/, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(sideMenu(page).getByRole('menuitem', { name: 'المسميات الوظيفية' })).toBeVisible();
  const width = page.viewportSize()!.width;
  const menuBox = (await sideMenu(page).boundingBox())!;
  expect(menuBox.x + menuBox.width / 2).toBeGreaterThan(width / 2);
  await keepScreenshot(page, 'language-ar-designations-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: /^قائمة الملف الشخصي/ })).toBeVisible();
  // The list's code loads after the layout's: the screenshot waits for its rows.
  await expect(page.getByText('Administrator')).toBeVisible();
  await keepScreenshot(page, 'language-ar-designations-390');
  await pickLanguage(page, /^قائمة الملف الشخصي/, 'English');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test("a device that never chose a language shows the sign-in page in the organisation's default language", async ({ page }) => {
  const token = await apiToken(authUrl, E2E.admin);
  expect((await callWith(token, 'PATCH', `${authUrl}/settings`, { default_language: 'fr' })).status).toBe(200);
  try {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  } finally {
    await callWith(token, 'PATCH', `${authUrl}/settings`, { default_language: 'en' });
  }
});
