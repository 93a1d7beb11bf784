// Scheduled jobs on PostgreSQL, shared by every API process (issue 27): each
// process looks every minute whether a job is due; the one that claims the
// job's ScheduledJob row (lockedUntil, an UPDATE that only one process wins)
// runs it, then records lastSuccessAt. A restart reads that row, so a run
// missed while every process was down is made at the next start.
//
// Written here rather than with graphile-worker or pg-boss: two jobs on a
// clock need a claimed row and a timer, the shape the mail queue already has;
// either library would bring its own schema, migrations and worker loop.
import { hostname } from 'node:os';
import type { PrismaClient } from '@bakery/prisma';
import type { Logger } from '../contracts.js';

export interface Job {
  name: string;
  /** How long a claim holds: longer than a run can take; a dead process's claim ends then. */
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

const owner = `${hostname()}:${process.pid}`;

/** Claims the job's row unless another process holds it; returns its last success. */
async function claim(
  prisma: PrismaClient,
  job: Job,
): Promise<{ lastSuccessAt: Date | null } | null> {
  const rows = await prisma.$queryRaw<{ lastSuccessAt: Date | null }[]>`
    INSERT INTO "ScheduledJob" AS j ("name", "lockedUntil", "lockedBy", "updatedAt")
    VALUES (${job.name}, now() + ${job.holdMs} * interval '1 millisecond', ${owner}, now())
    ON CONFLICT ("name") DO UPDATE
      SET "lockedUntil" = EXCLUDED."lockedUntil", "lockedBy" = EXCLUDED."lockedBy", "updatedAt" = now()
      WHERE j."lockedUntil" IS NULL OR j."lockedUntil" < now()
    RETURNING "lastSuccessAt"`;
  return rows[0] ?? null;
}

/** Runs `job` when it is due and this process wins its claim. */
export async function runIfDue(
  prisma: PrismaClient,
  job: Job,
  log: Logger,
  now = () => new Date(),
): Promise<JobRun> {
  const row = await prisma.scheduledJob.findUnique({ where: { name: job.name } });
  if (row?.lockedUntil && row.lockedUntil > now()) return { ran: false };
  const retryMs = job.retryMs ?? 30 * 60_000;
  if (row?.lastError && row.lastRunAt && now().getTime() - row.lastRunAt.getTime() < retryMs)
    return { ran: false };
  if (!(await job.due(row?.lastSuccessAt ?? null, now()))) return { ran: false };
  const claimed = await claim(prisma, job);
  if (!claimed) return { ran: false };
  // Another process may have run it between the read and the claim.
  if (!(await job.due(claimed.lastSuccessAt, now()))) {
    await prisma.scheduledJob.update({
      where: { name: job.name },
      data: { lockedUntil: null, lockedBy: null },
    });
    return { ran: false };
  }
  const startedAt = now();
  try {
    await job.run();
    await prisma.scheduledJob.update({
      where: { name: job.name },
      data: {
        lockedUntil: null,
        lockedBy: null,
        lastRunAt: startedAt,
        lastSuccessAt: startedAt,
        lastError: null,
      },
    });
    return { ran: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error('scheduled job failed', { job: job.name, error: message });
    // The claim ends: the next tick tries again (a job's due() spaces retries).
    await prisma.scheduledJob
      .update({
        where: { name: job.name },
        data: { lockedUntil: null, lockedBy: null, lastRunAt: startedAt, lastError: message },
      })
      .catch(() => undefined);
    return { ran: true, error: message };
  }
}

export interface Scheduler {
  /** One pass over the jobs now (tests; the timer calls it every tickMs). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startScheduler(options: {
  prisma: PrismaClient;
  log: Logger;
  jobs: Job[];
  tickMs?: number;
}): Scheduler {
  const { prisma, log, jobs } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return running ?? Promise.resolve();
    running = (async () => {
      for (const job of jobs) {
        if (stopped) break;
        await runIfDue(prisma, job, log).catch((error: unknown) =>
          log.warn('scheduler: could not check a job', { job: job.name, error: String(error) }),
        );
      }
    })().finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void tick(), options.tickMs ?? 60_000);
  timer.unref();
  // Shortly after start-up: a night missed while the server was down.
  const first = setTimeout(() => void tick(), 5_000);
  first.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running?.catch(() => undefined);
    },
  };
}
