#!/usr/bin/env bash
# `npm test`: generated types fresh, types check, lint, then unit, server and browser tests.
# Every stage runs even after a failure, so one run shows everything that is wrong.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf test-results && mkdir -p test-results
failed_stages=()

stage() {
  local name="$1"; shift
  echo
  echo "=== $name"
  if ! "$@"; then failed_stages+=("$name"); fi
}

stage "codegen check" npx tsx codegen/generate.ts --check
stage "typecheck" npx tsc --noEmit -p tsconfig.json
stage "lint" bash scripts/lint.sh
stage "unit tests" npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=test-results/unit.json
stage "server tests" npx vitest run --project server --reporter=default --reporter=json --outputFile.json=test-results/server.json
stage "browser tests" bash -c 'bash scripts/ensure-chromium.sh && npx playwright test -c tests/browser/playwright.config.ts'

echo
# The summary also fails when a report counts a failed test: a stage whose command exited 0
# despite a failure (as an exit hook once made vitest do) still fails the run.
node scripts/summarize-tests.mjs "${failed_stages[@]}"
summary=$?
[ ${#failed_stages[@]} -eq 0 ] && [ $summary -eq 0 ]
