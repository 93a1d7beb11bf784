import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium (npx playwright install cannot download here).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  // Shared 2-core CI machines: generous waits rather than flaky ones.
  expect: { timeout: 15_000 },
  outputDir: 'test-results/artifacts',
  reporter: [['list'], ['json', { outputFile: '../test-results/summary/storefront-e2e.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
