/**
 * Accessibility check of what a page shows now, with axe-core evaluated in the page
 * (`@axe-core/playwright` needs Node 22; evaluation, unlike a script tag, is not refused by the
 * console's Content-Security-Policy). Fails listing every serious or critical hit: its rule, what
 * it means, and the elements it found.
 */
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; html: string }>;
}

export async function seriousAxeViolations(page: Page, exceptRules: readonly string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // A page can still change after its transitions ended (a row's buttons enabled when the role's
  // flags arrive start a new fade): a problem counts only if it is still there a moment later.
  let found = await axeOnce(page, exceptRules);
  for (let round = 0; round < 3 && found.length > 0; round++) {
    await page.waitForTimeout(300);
    found = await axeOnce(page, exceptRules);
  }
  return found;
}

async function axeOnce(page: Page, exceptRules: readonly string[]): Promise<string[]> {
  await settleTransitions(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
    }));
  });
  return violations
    .filter((v) => (v.impact === 'serious' || v.impact === 'critical') && !exceptRules.includes(v.id))
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
}

/**
 * Waits for running CSS transitions to end: a button enabled a moment ago is still fading from
 * its disabled grey, and axe would measure that colour's contrast. Transitions are finite
 * (spinners are animations, not transitions); a few rounds catch those started meanwhile.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 5; round++) {
      const running = document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running');
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * The page as it is now has no serious or critical accessibility problem; `exceptRules` names a
 * rule known to fail there and not fixed yet (say where and why beside the call).
 */
export async function expectNoSeriousAxe(page: Page, where = page.url(), exceptRules: readonly string[] = []): Promise<void> {
  expect(await seriousAxeViolations(page, exceptRules), `axe on ${where}`).toEqual([]);
}
