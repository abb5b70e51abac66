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
"$lint/node_modules/.bin/eslint" -c "$lint/eslint.config.js" --max-warnings 0 "${files[@]}" || status=1
# The schemas are JSON: Prettier's alone.
"$lint/node_modules/.bin/prettier" --config "$lint/prettier.config.js" --check "${files[@]}" schemas --log-level warn || status=1
exit $status
