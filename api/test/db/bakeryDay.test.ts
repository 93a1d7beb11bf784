// The database's "bakery_day" (baseline migration) is the one definition of
// the bakery's day on the SQL side; its zone must be core's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAKERY_TIME_ZONE, bakeryToday } from '@bakery/core';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

describe('bakery_day', () => {
  it('uses core time zone', async () => {
    const [row] = await db.prisma.$queryRaw<
      { zone: string }[]
    >`SELECT "bakery_time_zone"() AS zone`;
    expect(row!.zone).toBe(BAKERY_TIME_ZONE);
  });

  it('gives the New York date of an evening instant, as core does', async () => {
    // 9:30 PM on Dec 1 in Tallahassee is already Dec 2 in UTC.
    const at = new Date('2026-12-02T02:30:00Z');
    const [row] = await db.prisma.$queryRaw<{ day: string }[]>`
      SELECT to_char("bakery_day"(${at}::timestamptz), 'YYYY-MM-DD') AS day`;
    expect(row!.day).toBe('2026-12-01');
    expect(bakeryToday(at)).toBe('2026-12-01');
  });
});
