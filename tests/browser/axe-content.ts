/**
 * axe over a screen's own content: the whole page but the app bar (`header`), whose bell and
 * profile button are the shell's, checked by the accessibility work (issue 18 point 10). Fails
 * listing every serious or critical hit, as axe.ts does for the whole page.
 */
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function expectNoSeriousAxeInContent(page: Page, where: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const hits = await page.evaluate(async () => {
    type Hit = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> };
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: Hit[] }> } }).axe;
    const { violations } = await axe.run({ exclude: [['header']] }, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(hits, `axe on ${where}`).toEqual([]);
}
