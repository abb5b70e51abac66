/**
 * The form builder with a 500-field form and 100 logic rules, in Chromium, on the real stack
 * (`npm start`'s servers and built console, embedded PostgreSQL):
 *
 *   npx tsx bench/builder.ts            (or: npm run bench:builder)
 *
 * 1. Preview keystroke: typing into the preview's first text field ("Name 1", which 1 in 5 of
 *    the rules depend on), from the key going down to the first drawn frame that shows it.
 * 2. Label edit: typing into the builder's label input of that field, from the key going down to
 *    the first drawn frame whose preview shows the new label.
 * Each key is timed in the page (see installProbe), not through Playwright's round trips, which
 * added one or two frames to every figure until 2026-11-27.
 * Baseline, same page and same browser: typing into a bare <input> with no React behind it (what
 * the machine needs for a key and a frame at all). Prints p50/p95 of each and the ratio to the
 * baseline. Goal: p95 ≤ 50 ms for both.
 * 3. Open: from asking for the builder inside the running console (from the forms list) to the
 *    first field shown in both the field list and the preview. Baseline: the same for a
 *    form of BENCH_SMALL_FIELDS (5) fields, the two taking turns in shuffled order. Prints the
 *    medians and the ratio. Goal: ≤ 1 s for the large form.
 *
 * The bare input and the preview keystroke are measured in a shuffled order; the label edit comes
 * last, as it opens a field's row in the builder.
 *
 * Knobs: BENCH_FIELDS (500), BENCH_RULES (100), BENCH_KEYS (60 per measurement), BENCH_OPENS (7
 * of each form), BENCH_PORT (28180: the console; auth and api on the next two), EMBEDDED_PG_PORT
 * (54789), BENCH_PORT_OFFSET (0: added to all four). To look closer:
 * BENCH_PROFILE=1 (label edits) or BENCH_PROFILE_OPEN=1 (opens) print self time by source file;
 * BENCH_TRACE=1 the browser's work by kind; BENCH_OPEN_DEBUG=1 when each open showed the heading,
 * the list and the preview; BENCH_SHOTS=<folder> takes screenshots.
 */
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { SourceMapConsumer } from 'source-map-js';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/browser/chromium.ts';
import { loadConfig, projectRoot } from '../server/config.ts';
import { startServers } from '../server/servers.ts';
import { embeddedDataDir } from '../server/db/embedded.ts';
import { buildConsoleIfStale } from '../server/cli/console-build.ts';
import { largeForm } from '../tests/support/large-form.ts';
import { median, shuffled } from './support/stats.ts';
import { reportResult } from './support/report.ts';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 500);
const RULES = Number(process.env.BENCH_RULES ?? 100);
const KEYS = Number(process.env.BENCH_KEYS ?? 60);
const OPENS = Number(process.env.BENCH_OPENS ?? 7);
const SMALL_FIELDS = Number(process.env.BENCH_SMALL_FIELDS ?? 5);
const ADMIN = { email: 'admin@bench.local', password: 'Bench-admin-pass-1' };
const dataDir = path.join(projectRoot, 'data', 'bench-builder');
const portOffset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const basePort = Number(process.env.BENCH_PORT ?? 28180) + portOffset;
const ports = {
  console: basePort,
  auth: basePort + 1,
  api: basePort + 2,
  pg: Number(process.env.EMBEDDED_PG_PORT ?? 54789) + portOffset,
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

interface Probe {
  __keyDown: number;
  __arm: (ready: string) => void;
  __result: Promise<number>;
}

/**
 * Times each key in the page itself, from the key going down to the first frame that shows its
 * effect: armed with the condition before the key, it checks it in every animation frame and
 * stops once the frame that holds it has been drawn (a task after that frame's callbacks).
 * Playwright's own round trips are not part of it, for the app or for the baseline.
 */
async function installProbe(page: Page) {
  // A string, not a function: tsx would wrap the inner functions in a helper the page lacks.
  await page.evaluate(`(() => {
    document.addEventListener('keydown', (e) => (window.__keyDown = e.timeStamp), true);
    window.__arm = (ready) => {
      const holds = new Function('return (' + ready + ');');
      window.__result = new Promise((resolve) => {
        const frame = () => {
          if (holds()) setTimeout(() => resolve(performance.now() - window.__keyDown), 0);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
    };
  })()`);
}

/** Types KEYS characters into `selector`, each timed until `ready(k)` holds in a drawn frame; answers ms per key. */
async function measureTyping(page: Page, selector: string, ready: (k: number) => string): Promise<number[]> {
  const times: number[] = [];
  await page.locator(selector).first().click();
  for (let k = 1; k <= KEYS; k++) {
    await page.evaluate((condition) => (window as unknown as Probe).__arm(condition), ready(k));
    await page.keyboard.press(k % 2 ? 'x' : 'y');
    times.push(await page.evaluate(() => (window as unknown as Probe).__result));
  }
  return times;
}

/** BENCH_PROFILE=1: where the label edits spend their time (self time per function, from Chromium's sampling profiler). */
async function startProfile(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return cdp;
}

/** Maps a built console position back to its source, when the build has source maps (`npx vite build --sourcemap`). */
function sourceOf(url: string, line: number, column: number): string | undefined {
  const file = url.split('/').pop() ?? '';
  const mapFile = path.join(projectRoot, 'dist', 'console', 'assets', `${file}.map`);
  if (line < 0 || !existsSync(mapFile)) return undefined;
  let map = sourceMaps.get(mapFile);
  if (!map) {
    map = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
    sourceMaps.set(mapFile, map);
  }
  const at = map.originalPositionFor({ line: line + 1, column });
  return at.source ? `${at.source.replace(/^.*node_modules\//, '')}` : undefined;
}
const sourceMaps = new Map<string, SourceMapConsumer>();

async function printProfile(cdp: Awaited<ReturnType<typeof startProfile>>, what: string) {
  const { profile } = await cdp.send('Profiler.stop');
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const source = frame.url ? sourceOf(frame.url, frame.lineNumber, frame.columnNumber) : undefined;
    const name = source ?? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
    self.set(name, (self.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  console.log(`\n${what}, self time by source file (ms):`);
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${ms.toFixed(1).padStart(8)}  ${name}`);
}

/** BENCH_SHOTS=<folder>: the builder at 1440 and 390 px, at the top and with the preview scrolled halfway. */
async function screenshots(page: Page, folder: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(folder, `builder-${width}-top.png`) });
    await page.evaluate(() => {
      const panel = document.querySelector('[aria-label="Form preview"]')!;
      const scroller = getComputedStyle(panel).overflowY === 'auto' ? panel : document.scrollingElement!;
      const list = panel.getBoundingClientRect();
      if (scroller === panel) panel.scrollTop = panel.scrollHeight / 2;
      else window.scrollTo(0, window.scrollY + list.top + list.height / 2);
    });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(folder, `builder-${width}-middle.png`) });
  }
}

/** BENCH_TRACE=1: the browser's own work during the label edits (style, layout, paint…), summed by kind. */
function printTrace(buffer: Buffer) {
  const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: Array<{ name: string; dur?: number; ph: string }> };
  const total = new Map<string, number>();
  for (const e of traceEvents) if (e.ph === 'X' && e.dur) total.set(e.name, (total.get(e.name) ?? 0) + e.dur / 1000);
  console.log('\nlabel edits, browser work (ms):');
  for (const [name, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${ms.toFixed(1).padStart(8)}  ${name}`);
}

/**
 * Milliseconds from asking for the form's builder, inside the running console (as a click in the
 * forms list does), until its first field shows in the list and in the preview.
 */
async function openTime(page: Page, consoleUrl: string, formId: string): Promise<number> {
  await page.goto(`${consoleUrl}/custom-form`);
  await page.getByRole('heading').first().waitFor();
  const started = Date.now();
  await page.evaluate((address) => {
    history.pushState({}, '', address);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/custom-form/edit/${formId}`);
  await page.getByRole('heading', { name: /Fields \(/ }).waitFor({ timeout: 120_000 });
  const heading = Date.now() - started;
  await page.getByRole('region', { name: 'Form fields' }).getByText('Name 1', { exact: true }).first().waitFor({ timeout: 120_000 });
  const list = Date.now() - started;
  await page.getByRole('region', { name: 'Form preview' }).getByLabel('Name 1', { exact: false }).first().waitFor({ timeout: 120_000 });
  if (process.env.BENCH_OPEN_DEBUG) console.log(`open: heading ${heading} ms, list ${list} ms, preview ${Date.now() - started} ms`);
  return Date.now() - started;
}

/** Opens each form OPENS times, the forms taking turns in a shuffled order; answers ms per open, by form. */
async function openTimes(page: Page, consoleUrl: string, forms: Record<string, string>): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(forms).map((name) => [name, []]));
  for (let round = 0; round < OPENS; round++) {
    for (const name of shuffled(Object.keys(forms))) times[name]!.push(await openTime(page, consoleUrl, forms[name]!));
  }
  return times;
}

async function main() {
  await rm(dataDir, { recursive: true, force: true });
  await rm(embeddedDataDir(dataDir), { recursive: true, force: true });
  buildConsoleIfStale(console.log);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    DATA_DIR: dataDir,
    CONSOLE_PORT: String(ports.console),
    AUTH_PORT: String(ports.auth),
    API_PORT: String(ports.api),
    EMBEDDED_PG_PORT: String(ports.pg),
    CONSOLE_URL: `http://localhost:${ports.console}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  });
  const running = await startServers(config, { serveConsole: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const login = await fetch(`${running.urls.auth}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const createForm = async (fields: number, rules: number) => {
      const created = await fetch(`${running.urls.api}/form`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: `Bench ${fields} fields`, structures: largeForm(fields, rules) }),
      });
      if (created.status !== 201) throw new Error(`POST /form answered ${created.status}: ${await created.text()}`);
      return (await created.json()) as { _id: string };
    };
    const form = await createForm(FIELDS, RULES);
    const small = await createForm(SMALL_FIELDS, 0);

    // The console's CSP forbids eval, which Playwright's string predicates use.
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    await page.goto(`${running.urls.console}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard$/);
    const openProfiler = process.env.BENCH_PROFILE_OPEN ? await startProfile(page) : undefined;
    const opens = await openTimes(page, `${running.urls.console}`, { large: form._id, small: small._id });
    if (openProfiler) await printProfile(openProfiler, 'opening the builder');
    await page.goto(`${running.urls.console}/custom-form/edit/${form._id}`);
    const preview = page.getByRole('region', { name: 'Form preview' });
    await preview.getByLabel('Name 1', { exact: false }).first().waitFor({ timeout: 60_000 });
    await installProbe(page);

    // Baseline: a bare input on the same page.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'bench-bare-input';
      input.style.cssText = 'position:fixed;top:0;left:0;z-index:99999';
      document.body.append(input);
    });
    // Preview keystroke: the first text field of the preview.
    const previewInput = preview.getByLabel('Name 1', { exact: false }).first();
    const previewId = await previewInput.getAttribute('id');
    const typed: Record<'bare' | 'keystroke', number[]> = { bare: [], keystroke: [] };
    for (const which of shuffled(['bare', 'keystroke'] as const)) {
      typed[which] =
        which === 'bare'
          ? await measureTyping(page, '#bench-bare-input', (k) => `document.querySelector('#bench-bare-input').value.length === ${k}`)
          : await measureTyping(
              page,
              `[id="${previewId}"]`,
              (k) => `document.getElementById(${JSON.stringify(previewId)}).value.length === ${k}`,
            );
    }
    const { bare, keystroke } = typed;

    const profiler = process.env.BENCH_PROFILE ? await startProfile(page) : undefined;
    if (process.env.BENCH_TRACE) await browser.startTracing(page, { categories: ['devtools.timeline'] });
    // Label edit: open the first field's row in the builder and type into its label.
    await page.getByRole('region', { name: 'Form fields' }).getByText('Name 1', { exact: true }).first().click();
    const label = page.getByRole('region', { name: 'Form fields' }).getByRole('textbox', { name: 'Field label' }).first();
    await label.waitFor();
    const labelId = await label.getAttribute('id');
    const labelEdit = await measureTyping(page, `[id="${labelId}"]`, (k) => {
      const expected = 'Name 1' + Array.from({ length: k }, (_, i) => ((i + 1) % 2 ? 'x' : 'y')).join('');
      return `document.querySelector('[aria-label="Form preview"] label[for=${JSON.stringify(previewId)}]')?.textContent.startsWith(${JSON.stringify(expected)})`;
    });

    if (profiler) await printProfile(profiler, 'label edits');
    if (process.env.BENCH_SHOTS) await screenshots(page, process.env.BENCH_SHOTS);
    if (process.env.BENCH_TRACE) printTrace(await browser.stopTracing());
    const base = summary(bare);
    const line = (name: string, samples: number[]) => {
      const s = summary(samples);
      return `${name.padEnd(24)} p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms  (p95 ${(s.p95 / base.p95).toFixed(2)}× the bare input)`;
    };
    console.log(`\nbuilder with ${FIELDS} fields and ${RULES} rules, ${KEYS} keys each (goal: p95 ≤ 50 ms)`);
    console.log(line('bare input (baseline)', bare));
    console.log(line('preview keystroke', keystroke));
    console.log(line('label edit → preview', labelEdit));
    const [large, base5] = [median(opens.large!), median(opens.small!)];
    console.log(`\nopening the builder, median of ${OPENS} each in shuffled turns (goal: ≤ 1000 ms with ${FIELDS} fields)`);
    console.log(`${`${SMALL_FIELDS} fields (baseline)`.padEnd(24)} ${String(base5).padStart(6)} ms`);
    console.log(
      `${`${FIELDS} fields`.padEnd(24)} ${String(large).padStart(6)} ms  (${(large / base5).toFixed(2)}× the ${SMALL_FIELDS}-field form)`,
    );
    for (const [name, samples] of [
      ['preview keystroke', keystroke],
      ['label edit → preview', labelEdit],
    ] as const) {
      const p95 = summary(samples).p95;
      reportResult({
        path: `builder, ${FIELDS} fields and ${RULES} rules: ${name}, p95`,
        figure: p95,
        unit: 'ms',
        baseline: base.p95,
        baselineName: 'bare <input>',
        ratio: p95 / base.p95,
        goal: '≤ 50 ms',
        met: p95 <= 50,
      });
    }
    reportResult({
      path: `builder: opening a ${FIELDS}-field form, median`,
      figure: large,
      unit: 'ms',
      baseline: base5,
      baselineName: `${SMALL_FIELDS}-field form`,
      ratio: large / base5,
      goal: '≤ 1000 ms',
      met: large <= 1000,
    });
  } finally {
    await browser.close();
    await running.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
