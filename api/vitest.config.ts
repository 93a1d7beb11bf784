import { defineConfig } from 'vitest/config';

// Every test file starts its own server on its own database; two files at a
// time fit the 2-core machines (argon2 and PostgreSQL need the rest).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
