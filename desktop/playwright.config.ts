import { defineConfig, devices } from '@playwright/test';
import { e2eConfig } from '@bakery/test-support/playwright';

export default defineConfig(
  e2eConfig({
    suite: 'desktop',
    timeout: 90_000,
    use: {
      ...devices['Desktop Chrome'],
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    },
  }),
);
