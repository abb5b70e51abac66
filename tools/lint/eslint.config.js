// Run from the project root by scripts/lint.sh (`npm run lint`); patterns are relative to it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'dist/**', 'data/**', 'model/generated/**', 'test-results/**', 'playwright-report/**', 'tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a signature, a rest-omit).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Every text a console screen shows comes from the catalogue (src/i18n/), in the user's language.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/i18n/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['label', 'title', 'placeholder', 'helperText', 'emptyText', 'aria-label'] },
          // The plugin's own list, and `translate` (the catalogue outside React: src/providers/i18n-provider.ts).
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'translate',
              'require',
              'addEventListener',
              'removeEventListener',
              'postMessage',
              'getElementById',
              'dispatch',
              'commit',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
            ],
          },
        },
      ],
    },
  },
  // A route module wires its routes; each route (its declaration and handler) is a small function of its own.
  {
    files: ['server/**/*-routes.ts', 'server/**/*-route.ts', 'server/**/*-kit.ts', 'server/crud/crud-plugin.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
);
