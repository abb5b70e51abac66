#!/usr/bin/env bash
# `npm test`: generated types fresh, types check, then unit, server and browser tests.
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
stage "unit tests" npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=test-results/unit.json
stage "server tests" npx vitest run --project server --reporter=default --reporter=json --outputFile.json=test-results/server.json
stage "browser tests" bash -c 'bash scripts/ensure-chromium.sh && npx playwright test -c tests/browser/playwright.config.ts'

echo
node scripts/summarize-tests.mjs "${failed_stages[@]}"
[ ${#failed_stages[@]} -eq 0 ]
