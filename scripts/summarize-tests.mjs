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
const failedStages = process.argv.slice(2);
const reported = new Set(rows.map((r) => r.name));
for (const stage of failedStages) {
  const key = stage.split(' ')[0];
  if (!reported.has(key) || rows.find((r) => r.name === key && r.failed === 0)) {
    rows.push({ name: stage, passed: 0, failed: 1, skipped: 0 });
  }
}
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
