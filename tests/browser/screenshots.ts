/**
 * Screenshots for a person to look at (the screens at 1440 and 390 px wide), kept only when
 * SCREENSHOTS_DIR names a folder: `SCREENSHOTS_DIR=/tmp/shots npm run test:browser`. They check
 * nothing, and each capture costs the browser a render and a PNG encoding, so `npm test` takes
 * none.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false, animations: 'disabled' });
}
