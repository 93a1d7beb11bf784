// Requests that end when their client does (issue 13). Two pieces, for any
// router:
//
// - `abortOnDisconnect` (middleware): `requestSignal(ctx)` is an AbortSignal
//   that fires when the client goes away before the answer is complete
//   (closed tab, cancelled download, proxy timeout).
// - `guardedQuery(prisma, { signal, timeoutMs }, (tx) => ...)`: runs the
//   callback's queries on one connection, in a read transaction, under
//   `statement_timeout` (ADMIN_STATEMENT_TIMEOUT_MS by default; 0 = none, for
//   exports). When the signal fires, the running statement is cancelled with
//   pg_cancel_backend. The connection is tagged with a unique
//   application_name for the transaction, so the cancel can only reach this
//   request's statement, never another request's that reuses the connection.
//
// A statement timeout answers 503 `query_timeout`; a cancelled request gets no
// answer (its client is gone).
import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import { HttpError } from '../errors.js';
import { rawTransaction } from './rawSession.js';
import type { Raw, Tx } from './types.js';

/** Statement timeout of every admin read (stats, analytics, lists). */
export const ADMIN_STATEMENT_TIMEOUT_MS = 5_000;
/** The application_name prefix of guarded connections (visible in pg_stat_activity). */
export const GUARD_TAG_PREFIX = 'bakery-guard:';

const QUERY_CANCELED = '57014';
/** How often a cancel is repeated until the guarded transaction ends. */
const CANCEL_REPEAT_MS = 100;

/**
 * The request's abort signal: fires when the client goes away before the
 * answer is complete. Made on first use and kept in ctx.state.
 */
export function requestSignal(ctx: Context): AbortSignal {
  const existing = ctx.state.abortSignal as AbortSignal | undefined;
  if (existing) return existing;
  const controller = new AbortController();
  ctx.state.abortSignal = controller.signal;
  const gone = () => controller.abort(new Error('client disconnected'));
  if (ctx.res.destroyed || ctx.req.socket?.destroyed) gone();
  else
    ctx.res.once('close', () => {
      if (!ctx.res.writableFinished) gone();
    });
  return controller.signal;
}

/** Middleware: watch the client from the start of the request (see requestSignal). */
export function abortOnDisconnect() {
  return async function watchClient(ctx: Context, next: Next) {
    requestSignal(ctx);
    await next();
  };
}

export interface GuardOptions {
  signal?: AbortSignal;
  /** statement_timeout in ms for each statement; 0 for none. */
  timeoutMs?: number;
  /** Label in the application_name, e.g. 'stats' (letters, digits, dashes). */
  label?: string;
  /** Limit on the whole transaction (default: timeoutMs + 5 s); for exports, which run many statements. */
  maxDurationMs?: number;
  /** e.g. RepeatableRead: every statement sees one snapshot (an export's sheets agree). */
  isolationLevel?: Prisma.TransactionIsolationLevel;
}

/** True when `error` is PostgreSQL's query_canceled (statement timeout or cancel). */
export function isQueryCanceled(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; meta?: unknown };
    if (e.code === QUERY_CANCELED) return true;
    const text = `${String(e.message ?? '')} ${JSON.stringify(e.meta ?? '')}`;
    if (/57014|canceling statement due to (statement timeout|user request)/.test(text)) return true;
    current = e.cause;
  }
  return false;
}

/** Cancels the statement running on the connection tagged `tag`, if any. */
async function cancelTagged(prisma: PrismaClient, tag: string) {
  await prisma.$queryRaw`
    SELECT pg_cancel_backend(pid) FROM pg_stat_activity
    WHERE application_name = ${tag} AND pid <> pg_backend_pid()`;
}

/**
 * Runs `work` in one read-committed transaction whose statements are cancelled
 * when `signal` fires and time out after `timeoutMs`. Throws 503
 * `query_timeout` on a timeout, the signal's reason once aborted.
 */
export function guardedQuery<T>(
  prisma: PrismaClient,
  options: GuardOptions,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? ADMIN_STATEMENT_TIMEOUT_MS;
  return guarded(prisma, options, (setup) =>
    prisma.$transaction(
      async (tx) => {
        await setup(tx);
        return work(tx);
      },
      {
        maxWait: 10_000,
        // Prisma's own limit on the whole transaction.
        timeout: options.maxDurationMs ?? (timeoutMs > 0 ? timeoutMs + 5_000 : 60 * 60 * 1000),
        ...(options.isolationLevel ? { isolationLevel: options.isolationLevel } : {}),
      },
    ),
  );
}

/**
 * guardedQuery for reads in raw SQL (db/rawSession.ts), without Prisma's
 * engine work per statement: each statement runs in a read-only transaction
 * of its own on a pooled connection, under the same timeout, tag and cancel,
 * so statements `work` sends at once run side by side (the dashboard's
 * figures on two cores). Read committed gave each statement its own snapshot
 * before too.
 */
export function guardedRawQuery<T>(
  prisma: PrismaClient,
  options: Omit<GuardOptions, 'isolationLevel' | 'maxDurationMs'>,
  work: (db: Raw) => Promise<T>,
): Promise<T> {
  return guarded(prisma, options, async (_setup, settings, cancel) => {
    // The transaction's start and its settings in one round trip.
    const begin = `BEGIN READ ONLY; SELECT ${settings}`;
    const running = new Set<Promise<unknown>>();
    let failed = false;
    const statement =
      (kind: '$queryRaw' | '$executeRaw') =>
      (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
        const sent = rawTransaction(
          prisma,
          async (db) => {
            options.signal?.throwIfAborted();
            if (failed) throw new Error('another statement of this read failed');
            return (db[kind] as (q: typeof query, ...v: unknown[]) => Promise<unknown>)(
              query,
              ...values,
            );
          },
          begin,
        );
        running.add(sent);
        void sent.then(
          () => running.delete(sent),
          () => running.delete(sent),
        );
        return sent;
      };
    try {
      return await work({
        $queryRaw: statement('$queryRaw'),
        $executeRaw: statement('$executeRaw'),
      } as unknown as Raw);
    } catch (error) {
      // One statement failed (its timeout): its siblings are stopped before
      // the answer goes, so none is left waiting on the database.
      failed = true;
      while (running.size > 0) {
        await cancel();
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((resolve) => setTimeout(resolve, CANCEL_REPEAT_MS)),
        ]);
      }
      throw error;
    }
  });
}

/**
 * The guard around `run`, which calls `setup` at the start of each
 * transaction it opens: the tag and timeout, the cancel, the answers.
 */
async function guarded<T>(
  prisma: PrismaClient,
  options: GuardOptions,
  run: (
    setup: (db: Raw) => Promise<void>,
    settings: string,
    cancel: () => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  const { signal } = options;
  const timeoutMs = options.timeoutMs ?? ADMIN_STATEMENT_TIMEOUT_MS;
  const tag = `${GUARD_TAG_PREFIX}${options.label ?? 'query'}:${randomUUID()}`;
  signal?.throwIfAborted();
  const pending: { cancel?: Promise<void> } = {};
  let finished = false;
  // pg_cancel_backend only stops a statement that is running: a cancel that
  // lands between two statements (or before the first reached the server) is
  // lost, and the next one could wait on a lock for ever. So the cancel is
  // repeated until the work is over.
  const onAbort = () => {
    pending.cancel = (async () => {
      while (!finished) {
        await cancelTagged(prisma, tag).catch(() => undefined);
        if (!finished) await new Promise((resolve) => setTimeout(resolve, CANCEL_REPEAT_MS));
      }
    })();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    // The settings as SQL text, so a raw transaction sends them with its
    // BEGIN: the timeout is a number and the tag a UUID under our own label.
    const settings = `set_config('statement_timeout', '${Math.trunc(timeoutMs)}', true), set_config('application_name', '${tag.replace(/'/g, "''")}', true)`;
    return await run(
      async (db) => {
        await db.$queryRaw(Prisma.raw(`SELECT ${settings}`));
        signal?.throwIfAborted();
      },
      settings,
      () => cancelTagged(prisma, tag).catch(() => undefined),
    );
  } catch (error) {
    finished = true;
    if (pending.cancel) await pending.cancel;
    if (signal?.aborted) throw signal.reason;
    if (isQueryCanceled(error))
      throw new HttpError(
        503,
        'This request took too long and was stopped. Try a shorter date range.',
        {},
        'query_timeout',
      );
    throw error;
  } finally {
    finished = true;
    signal?.removeEventListener('abort', onAbort);
  }
}

/** guardedQuery with the request's signal and the admin statement timeout. */
export function guardedRequestQuery<T>(
  ctx: Context,
  prisma: PrismaClient,
  label: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return guardedQuery(prisma, { signal: requestSignal(ctx), label }, work);
}

/** guardedRawQuery with the request's signal and the admin statement timeout. */
export function guardedRequestRawQuery<T>(
  ctx: Context,
  prisma: PrismaClient,
  label: string,
  work: (db: Raw) => Promise<T>,
): Promise<T> {
  return guardedRawQuery(prisma, { signal: requestSignal(ctx), label }, work);
}
