// electron-builder afterPack hook (electron-builder.yml `afterPack`): flips the
// Electron fuses of the packed app before it is signed and wrapped into an
// installer (issue 15, finding 8). Plain CommonJS: electron-builder loads it
// as is. Unit test: desktop/src/main/fuses.test.ts (on a fake fuse wire).
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS hook that electron-builder loads as is */
const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

/** The fuses of the shipped app, per platform. */
function fuseConfig(platform, arch) {
  return {
    version: FuseVersion.V1,
    // Re-sign ad hoc on Apple silicon, or macOS refuses the changed binary.
    resetAdHocDarwinSignature: platform === 'darwin' && arch === 'arm64',
    // ELECTRON_RUN_AS_NODE would turn the signed app into a Node.js interpreter.
    [FuseV1Options.RunAsNode]: false,
    // Cookies (the staff session) encrypted at rest with the OS key store.
    [FuseV1Options.EnableCookieEncryption]: true,
    // NODE_OPTIONS and --inspect must not inject code into the main process.
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    // The app only from app.asar, checked against its integrity hash where
    // Electron supports it (macOS and Windows; electron-builder embeds it).
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]:
      platform === 'darwin' || platform === 'win32',
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    // Kept: the bundled fallback page is loaded with loadFile (file://) and
    // loads its scripts from beside it; the navigation guard limits file: to it.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: true,
  };
}

/** The packed Electron executable (the .app bundle on macOS). */
function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas')
    return path.join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${name}.exe`);
  return path.join(appOutDir, packager.executableName);
}

const ARCH_NAMES = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' };

async function afterPack(context) {
  const platform = context.electronPlatformName === 'mas' ? 'darwin' : context.electronPlatformName;
  const arch = ARCH_NAMES[context.arch] ?? String(context.arch);
  const binary = electronBinary(context);
  await flipFuses(binary, fuseConfig(platform, arch));
  console.log(`  • fuses set on ${binary}`);
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.fuseConfig = fuseConfig;
module.exports.electronBinary = electronBinary;
