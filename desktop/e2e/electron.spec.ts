// Launches the packaged main process where an Electron binary exists. On these
// machines none can be downloaded, so the test skips and says so.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

function electronBinary(): string | null {
  try {
    // The electron package exports the binary's path, and throws when its
    // postinstall download never happened.
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

test('the Electron app opens its window with the secure bridge', async () => {
  const binary = electronBinary();
  test.skip(
    !binary,
    'Skipped: no Electron binary is installed on this machine (it cannot be downloaded here); see docs/desktop.md.',
  );
  const app = await electron.launch({
    executablePath: binary!,
    args: [join(import.meta.dirname, '..', 'out', 'main', 'index.js'), '--no-sandbox'],
    env: { ...process.env, ELECTRON_DISABLE_SECURITY_WARNINGS: '1' },
  });
  const win = await app.firstWindow();
  expect(
    await win.evaluate(
      () => typeof (window as unknown as { bakery?: { kind: string } }).bakery?.kind,
    ),
  ).toBe('string');
  expect(
    await win.evaluate(() => typeof (window as unknown as { require?: unknown }).require),
  ).toBe('undefined');
  await app.close();
});
