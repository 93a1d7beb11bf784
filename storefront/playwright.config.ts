import { defineConfig, devices } from '@playwright/test';
import { e2eConfig } from '@bakery/test-support/playwright';

export default defineConfig(
  e2eConfig({ suite: 'storefront', timeout: 60_000, use: { ...devices['Desktop Chrome'] } }),
);
