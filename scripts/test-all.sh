#!/usr/bin/env bash
# `npm test`: generated types fresh, types check, lint, then unit, server and browser tests.
# Every stage runs even after a failure, so one run shows everything that is wrong.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf test-results && mkdir -p test-results
failed_stages=()
stage_times=()

# Each stage's wall time is printed after it and again in the summary, so a slow stage shows.
stage() {
  local name="$1"; shift
  echo
  echo "=== $name"
  local started=$SECONDS
  if ! "$@"; then failed_stages+=("$name"); fi
  local took=$((SECONDS - started))
  stage_times+=("$(printf '  %-16s %4d s' "$name" "$took")")
  echo "=== $name: ${took} s"
}

# Debian's Chromium is installed (when missing) while the other stages run, off the critical path.
bash scripts/ensure-chromium.sh > test-results/chromium-install.log 2>&1 &
chromium_install=$!
browser_tests() {
  local installed=0
  wait "$chromium_install" || installed=$?
  cat test-results/chromium-install.log
  [ "$installed" -eq 0 ] && npx playwright test -c tests/browser/playwright.config.ts
}

# The type check runs beside the lint (each keeps about one core busy); its output follows the lint's.
stage_in_background() {
  local name="$1"; shift
  ( stage "$name" "$@"; printf '%s\n' "${failed_stages[@]}" > "test-results/$name.failed"
    printf '%s\n' "${stage_times[@]: -1}" > "test-results/$name.time" ) > "test-results/$name.log" 2>&1 &
  background_stage=$!
}
join_background_stage() {
  local name="$1"
  wait "$background_stage"
  cat "test-results/$name.log"
  grep -qxF "$name" "test-results/$name.failed" && failed_stages+=("$name")
  stage_times+=("$(cat "test-results/$name.time")")
}

stage "codegen check" npx tsx codegen/generate.ts --check
stage_in_background "typecheck" npx tsc --noEmit -p tsconfig.json
stage "lint" bash scripts/lint.sh
join_background_stage "typecheck"
stage "unit tests" npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=test-results/unit.json
stage "server tests" npx vitest run --project server --reporter=default --reporter=json --outputFile.json=test-results/server.json
stage "browser tests" browser_tests

echo
echo "Time per stage:"
printf '%s\n' "${stage_times[@]}"
echo "  all              $SECONDS s"
# The summary also fails when a report counts a failed test: a stage whose command exited 0
# despite a failure (as an exit hook once made vitest do) still fails the run.
node scripts/summarize-tests.mjs "${failed_stages[@]}"
summary=$?
[ ${#failed_stages[@]} -eq 0 ] && [ $summary -eq 0 ]
