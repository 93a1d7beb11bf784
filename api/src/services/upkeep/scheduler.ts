// Scheduled jobs on PostgreSQL, shared by every API process (issues 27, 41),
// on graphile-worker (a maintained job queue on the same DATABASE_URL, in its
// own `graphile_worker` schema, which its migrate installs at start).
//
// Each Job is a task with a cron line every minute in every process; cron's
// uniqueness (graphile_worker's known crontabs) makes one job per minute
// however many processes run, and the queue's locking gives it to one worker.
// The task then asks the Job whether it is due from its ScheduledJob row
// (lastSuccessAt, lastError: what the back office's Backups panel reads), so
// a night missed while every process was down is made at the next start, and
// a failed run is tried again after its retryMs. A run longer than a minute
// holds a PostgreSQL advisory lock on the worker's own connection, so the
// next minute's job skips it; a process that dies mid-run loses its
// connection and the lock with it, and the next minute's job runs it again
// (graphile-worker leaves the dead worker's job locked for 4 hours; its key
// has already moved to the next one, so it is spent, and jobs.ts's daily
// queue cleanup removes it).
//
// Issue 41 asked for a maintained queue rather than the hand-written loop
// (claimed ScheduledJob row plus a one-minute timer) that was here before.
import {
  parseCronItems,
  run,
  Logger as WorkerLogger,
  type Runner,
  type Task,
} from 'graphile-worker';
import type { PrismaClient } from '@bakery/prisma';
import type { Logger } from '../contracts.js';

export interface Job {
  name: string;
  /** How long a run can take; longer is logged (the advisory lock, not this, keeps runs apart). */
  holdMs: number;
  /** Whether a run is due, given the last successful one. */
  due(lastSuccessAt: Date | null, now: Date): Promise<boolean> | boolean;
  run(): Promise<unknown>;
  /** After a failed run, the next try waits this long (default 30 minutes). */
  retryMs?: number;
}

export interface JobRun {
  ran: boolean;
  error?: string;
}

/** The ScheduledJob row of the job with this name (its last run and error), or null. */
export function lastJobRun(prisma: PrismaClient, name: string) {
  return prisma.scheduledJob.findUnique({ where: { name } });
}

/**
 * Runs `job` when it is due and records the outcome in its ScheduledJob row.
 * Not exclusive by itself: the queue's task (below) runs it under the job's lock.
 */
export async function runIfDue(
  prisma: PrismaClient,
  job: Job,
  log: Logger,
  now = () => new Date(),
): Promise<JobRun> {
  const row = await prisma.scheduledJob.findUnique({ where: { name: job.name } });
  const retryMs = job.retryMs ?? 30 * 60_000;
  if (row?.lastError && row.lastRunAt && now().getTime() - row.lastRunAt.getTime() < retryMs)
    return { ran: false };
  if (!(await job.due(row?.lastSuccessAt ?? null, now()))) return { ran: false };
  const startedAt = now();
  const record = (data: { lastSuccessAt?: Date; lastError: string | null }) =>
    prisma.scheduledJob.upsert({
      where: { name: job.name },
      create: { name: job.name, lastRunAt: startedAt, ...data },
      update: { lastRunAt: startedAt, lockedUntil: null, lockedBy: null, ...data },
    });
  try {
    await job.run();
    await record({ lastSuccessAt: startedAt, lastError: null });
    const tookMs = now().getTime() - startedAt.getTime();
    if (tookMs > job.holdMs) log.warn('scheduled job ran long', { job: job.name, tookMs });
    return { ran: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error('scheduled job failed', { job: job.name, error: message });
    await record({ lastError: message }).catch(() => undefined);
    return { ran: true, error: message };
  }
}

/** Advisory lock class of the scheduled jobs (the second key is hashtext(job name)). */
const LOCK_CLASS = 41_007;

/** The queue's task for `job`: runIfDue under the job's advisory lock, or nothing when another run holds it. */
export function jobTask(prisma: PrismaClient, job: Job, log: Logger): Task {
  return async (_payload, helpers) => {
    await helpers.withPgClient(async (client) => {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
        [LOCK_CLASS, job.name],
      );
      if (!rows[0]?.locked) return; // still running in another process (or this one)
      try {
        await runIfDue(prisma, job, log);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, job.name]);
      }
    });
  };
}

/** graphile-worker's log into ours: warnings and errors, and its start and stop (not each job's success). */
const workerLogger = (log: Logger) =>
  new WorkerLogger(() => (level, message, meta) => {
    const { job, ...rest } = (meta ?? {}) as { job?: { task_identifier?: string } };
    const fields = {
      ...rest,
      source: 'graphile-worker',
      ...(job && { task: job.task_identifier }),
    };
    if (level === 'error') log.error(message, fields);
    else if (level === 'warning') log.warn(message, fields);
    else if (level === 'info' && !job) log.info(message, fields);
  });

export interface Scheduler {
  /** Queues every job now (each still runs only when due); tests and start-up. */
  tick(): Promise<void>;
  stop(): Promise<void>;
  runner: Runner;
}

export async function startScheduler(options: {
  prisma: PrismaClient;
  log: Logger;
  jobs: Job[];
  databaseUrl: string;
  /** Cron lines (default: every minute for every job); tests pass [] and call tick(). */
  cron?: boolean;
  pollInterval?: number;
  /** How often a worker frees jobs locked over 4 hours (graphile-worker's default: 8-10 minutes). */
  resetLockedMs?: number;
}): Promise<Scheduler> {
  const { prisma, log, jobs } = options;
  const runner = await run({
    connectionString: options.databaseUrl,
    concurrency: Math.min(jobs.length, 4),
    noHandleSignals: true, // main.ts stops the runner with the server
    pollInterval: options.pollInterval ?? 2_000,
    ...(options.resetLockedMs && {
      preset: {
        worker: {
          minResetLockedInterval: options.resetLockedMs,
          maxResetLockedInterval: options.resetLockedMs,
        },
      },
    }),
    logger: workerLogger(log),
    taskList: Object.fromEntries(jobs.map((job) => [job.name, jobTask(prisma, job, log)])),
    parsedCronItems: parseCronItems(
      options.cron === false
        ? []
        : jobs.map((job) => ({
            task: job.name,
            match: '* * * * *',
            identifier: job.name,
            // One waiting job per name (a late minute replaces it); failures are
            // retried by the next minute after retryMs, not by the queue.
            options: { backfillPeriod: 0, maxAttempts: 1, jobKey: job.name },
          })),
    ),
  });
  const tick = async () => {
    await Promise.all(
      jobs.map((job) => runner.addJob(job.name, {}, { jobKey: job.name, maxAttempts: 1 })),
    );
  };
  return {
    runner,
    tick,
    async stop() {
      await runner
        .stop()
        .catch((error: unknown) =>
          log.warn('job queue did not stop cleanly', { error: String(error) }),
        );
    },
  };
}
