// The seed run at every start-up: the owner account. The catalogue is static
// (core's), so there is nothing else to seed.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PrismaClient } from '@bakery/prisma';
import type { AppConfig } from '../config.js';
import type { Logger } from './contracts.js';
import { hashPassword, normalizeEmail } from './auth.js';

const DEFAULT_OWNER_EMAIL = 'owner@bakery.local';

/** The file, under the data folder, that holds a generated owner password. */
export const OWNER_PASSWORD_FILE = 'owner-first-password.txt';

/**
 * The owner account: from OWNER_EMAIL/OWNER_PASSWORD, else a generated one the
 * first time no owner exists. The generated password is never logged (issue
 * 15, finding 14): it goes to <dataDir>/owner-first-password.txt, mode 600 in
 * a folder of mode 700, and only that file's path is logged. Delete the file
 * once you have signed in and changed the password.
 */
export async function seedOwner(
  prisma: PrismaClient,
  config: AppConfig,
  log: Logger,
): Promise<void> {
  if (config.ownerEmail && config.ownerPassword) {
    const email = normalizeEmail(config.ownerEmail);
    const existing = await prisma.user.findUnique({ where: { email } });
    if (!existing) {
      await prisma.user.create({
        data: {
          email,
          password: await hashPassword(config.ownerPassword),
          firstName: 'Bakery',
          lastName: 'Owner',
          role: 'owner',
          totpSetupRequired: config.newStaffSecondFactor,
          // Issue 38: a password from the environment is changed at the first sign-in.
          passwordChangeRequired: config.ownerFirstPasswordChange,
        },
      });
      log.info('owner account created', { email });
    } else if (existing.role !== 'owner') {
      await prisma.user.update({
        where: { id: existing.id },
        data: { role: 'owner', totpSetupRequired: config.newStaffSecondFactor },
      });
      log.info('OWNER_EMAIL account promoted to owner', { email });
    }
    return;
  }
  if ((await prisma.user.count({ where: { role: 'owner' } })) > 0) return;
  const password = randomBytes(12).toString('base64url');
  await prisma.user.upsert({
    where: { email: DEFAULT_OWNER_EMAIL },
    create: {
      email: DEFAULT_OWNER_EMAIL,
      password: await hashPassword(password),
      firstName: 'Bakery',
      lastName: 'Owner',
      role: 'owner',
      totpSetupRequired: config.newStaffSecondFactor,
      passwordChangeRequired: config.ownerFirstPasswordChange,
    },
    update: {
      password: await hashPassword(password),
      role: 'owner',
      totpSetupRequired: config.newStaffSecondFactor,
      passwordChangeRequired: config.ownerFirstPasswordChange,
    },
  });
  const file = await writeOwnerPassword(config.dataDir, DEFAULT_OWNER_EMAIL, password);
  log.warn('owner account created; its first password is in a file readable only by this user', {
    email: DEFAULT_OWNER_EMAIL,
    file,
    hint: 'sign in, change the password, then delete the file; or set OWNER_EMAIL and OWNER_PASSWORD',
  });
}

async function writeOwnerPassword(dataDir: string, email: string, password: string) {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, OWNER_PASSWORD_FILE);
  // A file left by an earlier owner is replaced; chmod as well, since `mode`
  // only applies when the file is created.
  await writeFile(
    file,
    `Owner account of the bakery shop\nE-mail: ${email}\nPassword: ${password}\n\nSign in, change the password, then delete this file.\n`,
    { mode: 0o600 },
  );
  await chmod(file, 0o600);
  return file;
}
