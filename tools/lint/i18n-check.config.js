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
      { mode: 'jsx-only', 'jsx-attributes': { include: ['label', 'title', 'placeholder', 'helperText', 'emptyText', 'aria-label'] } },
    ],
  },
});
