#!/usr/bin/env bash
# `npm run lint`: ESLint (typescript-eslint, react-hooks) and Prettier's check over the project.
# They live in tools/lint with their own lock file: typescript-eslint needs TypeScript's
# JavaScript API (TypeScript 5), which the project's TypeScript 7 does not have.
set -euo pipefail
cd "$(dirname "$0")/.."
lint=tools/lint
if [ ! -d "$lint/node_modules" ] || [ "$lint/package-lock.json" -nt "$lint/node_modules/.package-lock.json" ]; then
  npm ci --prefix "$lint" --no-audit --no-fund --silent
fi
files=(src server model codegen tests bench scripts vite.config.ts vitest.config.ts)
status=0
# Prettier's check runs beside ESLint (about 7 s less on 2 cores with the type check also running);
# its output (problems only) is printed after ESLint's. The schemas are JSON: Prettier's alone.
prettier_log=$(mktemp)
"$lint/node_modules/.bin/prettier" --config "$lint/prettier.config.js" --check "${files[@]}" schemas --log-level warn > "$prettier_log" 2>&1 &
prettier=$!
"$lint/node_modules/.bin/eslint" -c "$lint/eslint.config.js" --max-warnings 0 "${files[@]}" || status=1
wait "$prettier" || status=1
cat "$prettier_log"
rm -f "$prettier_log"
exit $status
