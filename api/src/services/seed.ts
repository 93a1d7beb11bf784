// The seed run at every start-up: the owner account. The catalogue is static
// (core's), so there is nothing else to seed.
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@bakery/prisma';
import type { AppConfig } from '../config.js';
import type { Logger } from './contracts.js';
import { hashPassword, normalizeEmail } from './auth.js';

const DEFAULT_OWNER_EMAIL = 'owner@bakery.local';

/**
 * The owner account: from OWNER_EMAIL/OWNER_PASSWORD, else a generated one the first time
 * no owner exists, whose password is printed once (it is stored only as a hash).
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
        },
      });
      log.info('owner account created', { email });
    } else if (existing.role !== 'owner') {
      await prisma.user.update({ where: { id: existing.id }, data: { role: 'owner' } });
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
    },
    update: { password: await hashPassword(password), role: 'owner' },
  });
  process.stdout.write(
    `\n  Owner account created: ${DEFAULT_OWNER_EMAIL} / ${password}\n  (printed only now; set OWNER_EMAIL and OWNER_PASSWORD to choose your own)\n\n`,
  );
}
