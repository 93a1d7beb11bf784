// `npm run bench:standing` (issue 41): standing orders against one-off buyers
// and the booking job's exactly-once, on a database of its own (harness.ts).
//
//   1. Priority: a day's bread limit of 50, 40 loaves promised to 8 standing
//      orders (booked by the job), then BUYERS (500) signed-in one-off buyers
//      submit one loaf each at the same moment to the compiled server: exactly
//      10 must be sold and no occurrence refused.
//   2. Speed: STANDING (2,000) active standing orders of one date booked by
//      one run of the job (its own process, as the scheduler runs it).
//   3. Exactly once: another 2,000 for another date; a run is killed with
//      SIGKILL midway, then two runs start at once; per standing order the
//      booked orders of the date are counted: 0 duplicates and 0 missing.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { addDays, bakeryToday, SEED_CATEGORY_IDS } from '@bakery/core';
import { createPrismaClient, type PrismaClient } from '@bakery/prisma';
import { freePort } from '@bakery/test-support';
import { API_DIR, withBenchDatabase } from './harness.js';
import { hashPassword } from '../src/services/auth.js';
import { Client, orderPayload } from '../test/support/factories.js';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 500);
const STANDING = Number(process.env.BENCH_STANDING ?? 2000);
/** The run is killed once it has booked this many (midway, whatever its start-up takes). */
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 600);
const PASSWORD = 'bench-password-1';
const LOAF = 'lemon-poppy-seed-loaf';
const MUFFIN = 'blueberry-muffins';

/** One run of the job in its own process; killed (SIGKILL) once `killWhen` says so. */
function runJob(databaseUrl: string, killWhen?: () => Promise<boolean>) {
  return new Promise<{ killed: boolean; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/standingRun.ts'], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = killWhen
      ? setInterval(() => {
          void killWhen().then((now) => now && child.kill('SIGKILL'));
        }, 50)
      : null;
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (timer) clearInterval(timer);
      resolve({ killed: signal === 'SIGKILL', out: out.trim() });
    });
  });
}

async function users(prisma: PrismaClient, prefix: string, count: number, hash: string) {
  await prisma.$executeRawUnsafe(
    `INSERT INTO "User" ("id", "email", "password", "firstName", "lastName", "phone", "role", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), '${prefix}-' || lpad(i::text, 5, '0') || '@example.com', $1, 'Bench', 'No ' || i, '8505550000', 'customer', now(), now()
     FROM generate_series(1, ${count}) AS i`,
    hash,
  );
}

async function standingOrders(
  prisma: PrismaClient,
  prefix: string,
  date: string,
  productId: string,
  quantity: number,
) {
  await prisma.$executeRawUnsafe(
    `INSERT INTO "StandingOrder" ("id", "userId", "items", "everyWeeks", "firstDate", "endDate", "pickupTime", "updatedAt")
     SELECT gen_random_uuid(), u."id", $1::jsonb, 1, $2, $2, '10:00 AM', now()
     FROM "User" u WHERE u."email" LIKE '${prefix}-%'`,
    JSON.stringify([{ productId, quantity, variant: null, filling: null, addIn: null }]),
    date,
  );
}

/** Per standing order of `date`: how many live orders it has (1 each when exactly once). */
async function perStanding(prisma: PrismaClient, date: string) {
  const rows = await prisma.$queryRaw<{ n: bigint; standing: bigint }[]>`
    SELECT count(o."id") AS "n", count(*) AS "standing" FROM "StandingOrder" s
    LEFT JOIN "Order" o ON o."standingOrderId" = s."id" AND o."pickupDate" = ${date} AND o."paymentStatus" <> 'cancelled'
    WHERE s."firstDate" = ${date}
    GROUP BY s."id"`;
  return {
    standingOrders: rows.length,
    duplicates: rows.filter((r) => Number(r.n) > 1).length,
    missing: rows.filter((r) => Number(r.n) === 0).length,
  };
}

async function main() {
  await withBenchDatabase('bakery_standing', async ({ databaseUrl, startServer }) => {
    const prisma = createPrismaClient(databaseUrl, { max: 2 });
    const hash = await hashPassword(PASSWORD);
    const today = bakeryToday();
    const priorityDate = addDays(today, 12);
    const speedDate = addDays(today, 20);
    const killDate = addDays(today, 21);
    await prisma.capacityLimit.createMany({
      data: SEED_CATEGORY_IDS.map((category) => ({
        category,
        maxUnits: category === 'breads' ? 50 : 1_000_000,
      })),
    });
    await prisma.capacityShareExemption.deleteMany({});

    // 1. Priority.
    await users(prisma, 'subscriber', 8, hash);
    await standingOrders(prisma, 'subscriber', priorityDate, LOAF, 5);
    console.log('priority: subscribers booked', (await runJob(databaseUrl)).out);
    await users(prisma, 'buyer', BUYERS, hash);
    const running = await startServer(await freePort());
    const buyers: Client[] = [];
    for (let i = 1; i <= BUYERS; i++) {
      const client = new Client(running.baseUrl);
      client.headers['x-forwarded-for'] = `10.2.${i >> 8}.${i & 255}`;
      const login = await client.post('/api/login', {
        email: `buyer-${String(i).padStart(5, '0')}@example.com`,
        password: PASSWORD,
      });
      if (login.status !== 200) throw new Error(`login ${i} failed: ${login.status}`);
      buyers.push(client);
    }
    const body = {
      orderData: orderPayload({ daysAhead: 12, lines: [{ productId: LOAF, quantity: 1 }] }),
    };
    let started = performance.now();
    const answers = await Promise.all(buyers.map((b) => b.post('/api/submit-order', body)));
    const rushMs = Math.round(performance.now() - started);
    const sold = answers.filter((a) => a.status === 201).length;
    const refusedOccurrences = await prisma.standingOccurrence.count({
      where: { date: priorityDate, state: 'refused' },
    });
    const [load] = await prisma.$queryRaw<{ units: number }[]>`
      SELECT "units" FROM "DailyKitchenLoad" WHERE "date" = ${priorityDate} AND "category" = 'breads'`;

    // 2. Speed.
    await users(prisma, 'weekly', STANDING, hash);
    await standingOrders(prisma, 'weekly', speedDate, MUFFIN, 1);
    started = performance.now();
    const speed = await runJob(databaseUrl);
    const speedMs = Math.round(performance.now() - started);
    const speedCounts = await perStanding(prisma, speedDate);

    // 3. Exactly once: killed midway, then two runs at once.
    await users(prisma, 'season', STANDING, hash);
    await standingOrders(prisma, 'season', killDate, MUFFIN, 1);
    const booked = async () =>
      (await prisma.order.count({ where: { pickupDate: killDate } })) >= KILL_AT;
    const killed = await runJob(databaseUrl, booked);
    const afterKill = await perStanding(prisma, killDate);
    started = performance.now();
    const [a, b] = await Promise.all([runJob(databaseUrl), runJob(databaseUrl)]);
    const raceMs = Math.round(performance.now() - started);
    const afterRace = await perStanding(prisma, killDate);

    console.log(`\nloopback, ${os.cpus().length} cores`);
    console.table([
      {
        run: `priority: bread limit 50, 40 promised, ${BUYERS} buyers at once`,
        'one-off sold': sold,
        'day units': load?.units ?? 0,
        'occurrences refused': refusedOccurrences,
        ms: rushMs,
      },
    ]);
    console.table([
      {
        run: `speed: ${STANDING} standing orders, one run`,
        ...speedCounts,
        job: speed.out,
        'wall ms': speedMs,
      },
      {
        run: `killed once ${KILL_AT} were booked (killed: ${killed.killed})`,
        ...afterKill,
        job: killed.out || '(none: killed)',
        'wall ms': '',
      },
      {
        run: 'then two runs at once',
        ...afterRace,
        job: `${a.out} | ${b.out}`,
        'wall ms': raceMs,
      },
    ]);
    await prisma.$disconnect();
    if (sold !== 10 || refusedOccurrences > 0) throw new Error('PRIORITY BROKEN');
    if (afterRace.duplicates || afterRace.missing || speedCounts.duplicates || speedCounts.missing)
      throw new Error('NOT EXACTLY ONCE');
  });
}

await main();
