// One ESLint config for every package. The import boundaries of DESIGN.md are
// enforced here: core imports no workspace, the clients never reach the api or
// the database, and only the api touches Prisma.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((group) => ({
        group,
        message: 'Crosses a package boundary (see DESIGN.md).',
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-web/**',
      '**/out/**',
      '**/release/**',
      '**/generated/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['storefront/src/**/*.{ts,tsx}', 'desktop/src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['core/**/*.ts'],
    rules: restrict([
      ['@bakery/*', 'node:*', 'react', 'react-dom', '@prisma/*', '**/api/**', '**/prisma/**'],
    ]),
  },
  {
    files: ['storefront/**/*.{ts,tsx}', 'desktop/**/*.{ts,tsx}'],
    rules: restrict([
      ['@bakery/api', '@bakery/prisma', '@prisma/*', '**/api/src/**', '**/prisma/**'],
    ]),
  },
);
