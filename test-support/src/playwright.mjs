// What both browser suites (storefront/ and desktop/) and the Lighthouse bench
// share: Debian's Chromium with the flags that run it here, and the base of a
// Playwright config. Plain JavaScript, so `node` scripts import it as is.

/** Debian's Chromium (`npx playwright install` cannot download here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (root in CI), no GPU, nothing that phones home or updates itself. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A suite's Playwright config: tests in ./e2e started by ./e2e/global-setup.ts,
 * one worker (the suite's scenarios share one API and database), a JSON
 * summary at test-results/summary/<suite>-e2e.json, and Chromium as above.
 * `use` adds to or overrides the browser options (device, viewport, ...).
 */
export function e2eConfig({ suite, timeout, use = {} }) {
  return {
    testDir: './e2e',
    globalSetup: './e2e/global-setup.ts',
    workers: 1,
    fullyParallel: false,
    retries: 0,
    timeout,
    // Shared 2-core CI machines: generous waits rather than flaky ones.
    expect: { timeout: 15_000 },
    outputDir: 'test-results/artifacts',
    reporter: [['list'], ['json', { outputFile: `../test-results/summary/${suite}-e2e.json` }]],
    use: {
      ...use,
      launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      screenshot: 'only-on-failure',
      trace: 'off',
    },
  };
}
