// The literal-string rule alone, without the list of files still to convert: for checking a file
// being converted. `tools/lint/node_modules/.bin/eslint -c tools/lint/i18n-check.config.js FILES`
import tseslint from 'typescript-eslint';
import i18next from 'eslint-plugin-i18next';

export default tseslint.config({
  files: ['src/**/*.{ts,tsx}'],
  languageOptions: { parser: tseslint.parser },
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
});
