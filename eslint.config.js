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
      '**/dist-ssr/**',
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
  // Type-aware rules: a promise is awaited, returned or handled, never dropped.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // core's tsconfig covers src only (no Node types); its Vitest config is linted on its own.
        projectService: { allowDefaultProject: ['core/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
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
