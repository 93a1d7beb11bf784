// The packaging hook's fuses (issue 15, finding 8: packaged builds had none),
// flipped on a fake Electron binary that carries a real fuse wire: the
// sentinel, version 1, length 8, every fuse in Electron's default state.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const hook = require('../../build/afterPack.cjs') as {
  (context: unknown): Promise<void>;
  fuseConfig(platform: string, arch: string): Record<string | number, unknown>;
};
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses') as {
  getCurrentFuseWire(path: string): Promise<Record<number, number>>;
  FuseV1Options: Record<string, number>;
};

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 49;
const OFF = 48;

function fakeElectron(dir: string, name: string) {
  // Electron's defaults: run-as-node, NODE_OPTIONS and --inspect on; the rest as shipped.
  const wire = [ON, OFF, ON, ON, OFF, OFF, OFF, ON];
  const bytes = Buffer.concat([
    Buffer.from('ELF...binary...'),
    Buffer.from(SENTINEL),
    Buffer.from([1, wire.length, ...wire]),
    Buffer.from('...rest'),
  ]);
  writeFileSync(join(dir, name), bytes);
}

describe('afterPack: Electron fuses', () => {
  it('turns off run-as-node, NODE_OPTIONS and --inspect; asar only; cookies encrypted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bakery-fuses-'));
    fakeElectron(dir, 'bakery-back-office');
    await hook({
      appOutDir: dir,
      electronPlatformName: 'linux',
      arch: 1,
      packager: {
        appInfo: { productFilename: 'Bakery Back Office' },
        executableName: 'bakery-back-office',
      },
    });
    const wire = await getCurrentFuseWire(join(dir, 'bakery-back-office'));
    expect(wire[FuseV1Options.RunAsNode!]).toBe(OFF);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable!]).toBe(OFF);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments!]).toBe(OFF);
    expect(wire[FuseV1Options.EnableCookieEncryption!]).toBe(ON);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar!]).toBe(ON);
    // Linux has no embedded asar integrity: left off there.
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation!]).toBe(OFF);
  });

  it('asks for asar integrity on macOS and Windows, and re-signs on Apple silicon', () => {
    const mac = hook.fuseConfig('darwin', 'arm64');
    expect(mac[FuseV1Options.EnableEmbeddedAsarIntegrityValidation!]).toBe(true);
    expect(mac.resetAdHocDarwinSignature).toBe(true);
    expect(
      hook.fuseConfig('win32', 'x64')[FuseV1Options.EnableEmbeddedAsarIntegrityValidation!],
    ).toBe(true);
    expect(hook.fuseConfig('win32', 'x64').resetAdHocDarwinSignature).toBe(false);
  });
});
