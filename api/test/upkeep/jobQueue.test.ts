// The scheduled jobs on the job queue (graphile-worker, issue 41): two API
// processes take a due run once, and a run whose process died is made again.
import pg from 'pg';
import { Logger as WorkerLogger, runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { startScheduler, type Job, type Scheduler } from '../../src/services/upkeep/scheduler.js';
import { createLogger } from '../../src/services/logger.js';
import { queueCleanupJob } from '../../src/services/upkeep/jobs.js';

let server: TestServer;
const log = createLogger({ level: 'silent' });
const quiet = new WorkerLogger(() => () => undefined);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const databaseUrl = () => server.deps.config.databaseUrl!;

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A process's scheduler: the queue's worker on the test database, no cron (tests tick). */
const worker = (job: Job) =>
  startScheduler({
    prisma: server.prisma,
    log,
    jobs: [job],
    databaseUrl: databaseUrl(),
    cron: false,
    pollInterval: 100,
    resetLockedMs: 200,
  });

const succeeded = (name: string) => async () =>
  Boolean((await server.prisma.scheduledJob.findUnique({ where: { name } }))?.lastSuccessAt);

/** The queue's jobs for `name` still waiting or held. */
async function queued(
  name: string,
): Promise<{ locked_by: string | null; is_available: boolean }[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked_by: string | null; is_available: boolean }>(
      `SELECT j.locked_by, j.is_available FROM graphile_worker._private_jobs j
         JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = $1`,
      [name],
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe('scheduled jobs on the job queue', () => {
  it('runs a due job once when two processes both queue it at the same moment', async () => {
    let runs = 0;
    const job: Job = {
      name: `twice-${Date.now()}`,
      holdMs: 60_000,
      due: (last) => last === null,
      run: async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
    };
    const [a, b] = await Promise.all([worker(job), worker(job)]);
    try {
      // Both processes' minute comes round at once, twice over.
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      await until('the run', succeeded(job.name));
      await until('the queue to empty', async () => (await queued(job.name)).length === 0);
      expect(runs).toBe(1);
      // The next minute: no longer due (lastSuccessAt is recorded).
      await a.tick();
      await until('the queue to empty', async () => (await queued(job.name)).length === 0);
      expect(runs).toBe(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('runs again a job whose process died mid-run', async () => {
    let runs = 0;
    const job: Job = {
      name: `died-${Date.now()}`,
      holdMs: 60_000,
      due: (last) => last === null,
      run: async () => {
        runs++;
      },
    };
    // The process that died: its worker held the queue's job and, on its own
    // connection, the job's advisory lock (as jobTask takes it).
    const dead = new pg.Client({ connectionString: databaseUrl() });
    await dead.connect();
    let scheduler: Scheduler | null = null;
    await runMigrations({ connectionString: databaseUrl(), logger: quiet });
    await dead.query(
      `SELECT graphile_worker.add_job($1, '{}'::json, job_key := $1, max_attempts := 1)`,
      [job.name],
    );
    await dead.query(
      `UPDATE graphile_worker._private_jobs j SET locked_at = now(), locked_by = 'dead-process'
         FROM graphile_worker._private_tasks t WHERE t.id = j.task_id AND t.identifier = $1`,
      [job.name],
    );
    await dead.query('SELECT pg_advisory_lock(41007, hashtext($1))', [job.name]);
    try {
      scheduler = await worker(job);
      // While the dead process's connection lingers, the next minute's job skips.
      await scheduler.tick();
      await until('the next minute to pass', async () =>
        (await queued(job.name)).every((j) => j.locked_by === 'dead-process'),
      );
      expect(runs).toBe(0);
      // The connection goes (the kernel closes it when the process dies):
      // the next minute's job makes the run.
      await dead.end();
      await scheduler.tick();
      await until('the run', succeeded(job.name));
      expect(runs).toBe(1);
      // The dead worker's job lost its key to the next minute's and is marked
      // spent: when graphile-worker's 4 hours run out and a sweep frees it, it
      // never runs again.
      const client = new pg.Client({ connectionString: databaseUrl() });
      await client.connect();
      await client.query(
        `UPDATE graphile_worker._private_jobs SET locked_at = now() - interval '5 hours'
           WHERE locked_by = 'dead-process'`,
      );
      await client.end();
      await until('the sweep', async () => (await queued(job.name)).every((j) => !j.locked_by));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await queued(job.name)).map((j) => j.is_available)).toEqual([false]);
      expect(runs).toBe(1);
      // The daily cleanup takes the spent row away.
      await queueCleanupJob({ databaseUrl: databaseUrl() }).run();
      expect(await queued(job.name)).toEqual([]);
    } finally {
      await scheduler?.stop();
      await dead.end().catch(() => undefined);
    }
  });
});
