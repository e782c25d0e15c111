// Type-aware lint: floating promises and non-exhaustive switches are bugs here, not style.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './eslint.boundaries.cjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.folio/**', 'coverage/**', '*.mjs', '*.cjs', '*.js'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    // pdf.js checks getPage against the last opened document's page count; getPdfPage sets it right before.
    files: ['src/ingest/**/*.ts'],
    ignores: ['src/ingest/pdfjs-loader.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='getPage']",
          message: 'Use getPdfPage(doc, pageNumber) from src/ingest/pdfjs-loader.ts: doc.getPage fails while another PDF is open.',
        },
      ],
    },
  },
  ...boundaries.boundaryRules,
  {
    // Tests read GraphQL responses as loose JSON; type safety there buys little and costs a lot of noise.
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
