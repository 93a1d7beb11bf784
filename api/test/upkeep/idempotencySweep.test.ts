// Old Idempotency-Key answers are cleared (issue 42), on a real PostgreSQL:
// the daily job, run by the scheduler as the nightly jobs are, deletes the
// rows older than a week, a bounded batch at a time, and keeps the recent
// ones, whose repeats still get their first answer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';
import { createLogger } from '../../src/services/logger.js';
import { runIfDue } from '../../src/services/upkeep/scheduler.js';
import { IDEMPOTENCY_SWEEP_JOB, idempotencySweepJob } from '../../src/services/upkeep/jobs.js';
import {
  IDEMPOTENT_REQUEST_KEEP_DAYS,
  sweepIdempotentRequests,
} from '../../src/services/upkeep/idempotentRequests.js';

const DAY = 24 * 3_600_000;
const log = createLogger({ level: 'silent' });
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

/** `count` answered requests stored `daysAgo` days ago; answers their keys. */
async function stored(count: number, daysAgo: number): Promise<string[]> {
  const createdAt = new Date(Date.now() - daysAgo * DAY);
  const keys = Array.from({ length: count }, () => randomUUID());
  await database.prisma.idempotentRequest.createMany({
    data: keys.map((key) => ({
      route: 'POST /api/admin/sales',
      key,
      requestHash: 'a'.repeat(64),
      status: 201,
      answer: { success: true },
      createdAt,
    })),
  });
  return keys;
}

const left = () => database.prisma.idempotentRequest.count();

describe('clearing old IdempotentRequest rows', () => {
  it('deletes at most a batch per statement and a bounded number of statements per run', async () => {
    await database.prisma.idempotentRequest.deleteMany();
    await stored(45, IDEMPOTENT_REQUEST_KEEP_DAYS + 1);
    const recent = await stored(5, IDEMPOTENT_REQUEST_KEEP_DAYS - 1);
    expect(await sweepIdempotentRequests(database.prisma, { batch: 10, maxBatches: 3 })).toBe(30);
    expect(await left()).toBe(20);
    // The next run takes the rest of the old ones, and only them.
    expect(await sweepIdempotentRequests(database.prisma, { batch: 10, maxBatches: 3 })).toBe(15);
    const kept = await database.prisma.idempotentRequest.findMany({ select: { key: true } });
    expect(kept.map((r) => r.key).sort()).toEqual([...recent].sort());
  });

  it('runs once a day from the scheduler, as the nightly jobs do', async () => {
    await database.prisma.idempotentRequest.deleteMany();
    // More than one batch (1,000) of old rows.
    await stored(1_200, 30);
    const recent = await stored(3, 1);
    const job = idempotencySweepJob({ prisma: database.prisma, log });

    expect(await runIfDue(database.prisma, job, log)).toEqual({ ran: true });
    const kept = await database.prisma.idempotentRequest.findMany({ select: { key: true } });
    expect(kept.map((r) => r.key).sort()).toEqual([...recent].sort());
    const row = await database.prisma.scheduledJob.findUniqueOrThrow({
      where: { name: IDEMPOTENCY_SWEEP_JOB },
    });
    expect(row.lastSuccessAt).not.toBeNull();
    expect(row.lockedUntil).toBeNull();

    // Not again the same day; the day after, it is due again.
    expect(await runIfDue(database.prisma, job, log)).toEqual({ ran: false });
    await stored(2, 10);
    expect(
      await runIfDue(database.prisma, job, log, () => new Date(Date.now() + DAY + 60_000)),
    ).toEqual({ ran: true });
    expect(await left()).toBe(3);
  });
});
