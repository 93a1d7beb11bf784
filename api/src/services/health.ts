// The health check's database probe.
import type { Raw } from '../db/types.js';

/** Resolves when the database answers; rejects when it cannot be reached. */
export async function pingDatabase(prisma: Raw): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}
