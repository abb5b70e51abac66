// Adds up the JSON reports of the test stages into one closing line: "Tests: N passed, N failed".
// Arguments: the names of stages that failed (a stage that failed without a report counts as one failure).
// Exits 1 when anything failed.
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const rows = [];
for (const [name, file] of [
  ['unit', 'test-results/unit.json'],
  ['server', 'test-results/server.json'],
]) {
  const r = read(file);
  if (r) rows.push({ name, passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0) });
}
const browser = read('test-results/browser.json');
if (browser) {
  const s = browser.stats;
  rows.push({ name: 'browser', passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped });
}
// The failed tests by name, last, so that a log cut to its tail still says which ones failed.
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .find((line) => line.trim()) ?? '';
for (const file of ['test-results/unit.json', 'test-results/server.json']) {
  for (const suite of read(file)?.testResults ?? []) {
    for (const t of suite.assertionResults ?? []) {
      if (t.status === 'failed')
        failures.push(`${suite.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}\n      ${firstLine(t.failureMessages?.[0])}`);
    }
  }
}
// What the page showed when a browser test failed (Playwright's error context: an ARIA snapshot),
// cut short: it tells a sign-in page from an error from a page still loading.
const pageSnapshot = (result) => {
  const file = result?.attachments?.find((a) => a.name === 'error-context' && a.path)?.path;
  if (!file || !existsSync(file)) return '';
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.indexOf('# Page snapshot');
  if (start < 0) return '';
  const yaml = lines.slice(start + 3);
  const shown = yaml.slice(0, yaml.indexOf('```')).slice(0, 30);
  return `\n      what the page showed:\n${shown.map((line) => `        ${line}`).join('\n')}`;
};
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    if (spec.ok) continue;
    const result = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
    failures.push(`${spec.file}:${spec.line} › ${spec.title}\n      ${firstLine(result?.error?.message)}${pageSnapshot(result)}`);
  }
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of browser?.suites ?? []) walk(suite);

const failedStages = process.argv.slice(2);
const reported = new Set(rows.map((r) => r.name));
for (const stage of failedStages) {
  const key = stage.split(' ')[0];
  if (!reported.has(key) || rows.find((r) => r.name === key && r.failed === 0)) {
    rows.push({ name: stage, passed: 0, failed: 1, skipped: 0 });
  }
}
if (failures.length) console.log(`Failed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
for (const r of rows)
  console.log(`  ${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
const total = rows.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
if (failedStages.length) console.log(`  failed stages: ${failedStages.join(', ')}`);
console.log(`Tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
if (total.failed > 0) process.exitCode = 1;
