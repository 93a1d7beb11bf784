// One ESLint config for every package. The import boundaries of
// docs/architecture.md are enforced here: core imports no workspace, the
// clients never reach the api or the database nor each other, Blueprint only
// through the renderer's ui/, services never import middleware/ or routes/,
// and only the api touches Prisma.
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
        message: 'Crosses a boundary of the structure (see docs/architecture.md).',
      })),
    },
  ],
});

/** What no client (storefront, desktop) may import. */
const CLIENT_FORBIDDEN = [
  '@bakery/api',
  '@bakery/prisma',
  '@prisma/*',
  '**/api/src/**',
  '**/prisma/**',
];

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
  // The clients never reach the api or the database, nor each other.
  {
    files: ['storefront/**/*.{ts,tsx}'],
    rules: restrict([[...CLIENT_FORBIDDEN, '@bakery/desktop', '**/desktop/**']]),
  },
  {
    files: ['desktop/**/*.{ts,tsx}'],
    rules: restrict([[...CLIENT_FORBIDDEN, '@bakery/storefront', '**/storefront/**']]),
  },
  // The renderer's one door to Blueprint is ui/ (its stylesheets too).
  {
    files: ['desktop/src/renderer/**/*.{ts,tsx}'],
    ignores: ['desktop/src/renderer/src/ui/**'],
    rules: restrict([
      [...CLIENT_FORBIDDEN, '@bakery/storefront', '**/storefront/**'],
      ['@blueprintjs/*'],
    ]),
  },
  // Issue 40: the clients call the API only through the route map's typed
  // client (client.call(ROUTES.x), downloadFile(ROUTES.x)), never by a path
  // written out: no '/api/' string or template literal outside tests.
  {
    files: ['storefront/src/**/*.{ts,tsx}', 'desktop/src/renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // A path from '/api/' on (a module path such as '../api/client' is not one).
        ...['Literal[value=/^\\/api\\//]', 'TemplateElement[value.raw=/^\\/api\\//]'].map(
          (selector) => ({
            selector,
            message:
              "Call the API through the route map (client.call(ROUTES.x), downloadFile(ROUTES.x)), not by an '/api/' path (issue 40).",
          }),
        ),
      ],
    },
  },
  // Services hold the database work and never depend on the HTTP layer:
  // errors come from api/src/errors.ts, not from middleware/.
  {
    files: ['api/src/services/**/*.ts'],
    rules: restrict([['**/middleware/**', '**/routes/**']]),
  },
);
