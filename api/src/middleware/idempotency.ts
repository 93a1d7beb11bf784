// Idempotency-Key on staff actions (issue 42): the desk's offline queue sends
// each action with a key of its own and sends it again until it hears an
// answer, so the server must act once per key. The first request claims the
// key (a row in IdempotentRequest, by route and key); its answer (success or
// refusal, not a server failure) is stored with it, and a repeat of the same
// request gets that answer back with `Idempotent-Replayed: true`. The same key
// with another body is refused (409 idempotency_key_reused); a repeat while
// the first is still being worked on is 409 request_in_progress (send again).
// Rows older than a week are deleted by a daily job (upkeep/idempotentRequests.ts).
import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Prisma, PrismaClient } from '@bakery/prisma';
import { badRequest, conflict, HttpError } from '../errors.js';
import { httpErrorBody } from './errors.js';

/** Keys are 1 to 100 visible ASCII characters (a UUID fits), as on POST /api/submit-order. */
const KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;
/**
 * A claim older than this belongs to a request that died with its process;
 * a repeat then works again (the action itself refuses what is already done:
 * a hand-over twice takes no second payment).
 */
const ABANDONED_CLAIM_MS = 120_000;
/** Answers worth keeping: a refusal of the request itself, not of the session or the rate. */
const NOT_KEPT = new Set([401, 403, 408, 429]);

const hashOf = (ctx: Context) =>
  createHash('sha256')
    .update(
      `${ctx.method} ${ctx.path}\n${JSON.stringify((ctx.request as { body?: unknown }).body ?? null)}`,
    )
    .digest('hex');

export function idempotent(prisma: PrismaClient): Middleware {
  return async (ctx, next) => {
    const key = ctx.get('idempotency-key').trim();
    if (!key) return next();
    if (!KEY_PATTERN.test(key))
      throw badRequest('Idempotency-Key must be 1 to 100 visible ASCII characters');
    const route = `${ctx.method} ${ctx.path}`.slice(0, 120);
    const requestHash = hashOf(ctx);
    const actorId = (ctx.state.user as { id?: string } | undefined)?.id ?? null;

    const claim = () =>
      prisma.idempotentRequest.createMany({
        data: [{ route, key, requestHash, actorId }],
        skipDuplicates: true,
      });
    if ((await claim()).count === 0) {
      const first = await prisma.idempotentRequest.findUnique({
        where: { route_key: { route, key } },
      });
      if (first && first.requestHash !== requestHash)
        throw conflict(
          'This Idempotency-Key was already used for another request',
          'idempotency_key_reused',
        );
      if (first && first.status !== 0) {
        ctx.status = first.status;
        ctx.body = first.answer;
        ctx.set('Idempotent-Replayed', 'true');
        return;
      }
      const abandoned = !first || Date.now() - first.createdAt.getTime() > ABANDONED_CLAIM_MS;
      if (!abandoned)
        throw conflict(
          'This request is still being worked on; send it again in a moment',
          'request_in_progress',
        );
      await prisma.idempotentRequest.deleteMany({ where: { route, key, status: 0 } });
      if ((await claim()).count === 0)
        throw conflict(
          'This request is still being worked on; send it again in a moment',
          'request_in_progress',
        );
    }

    const keep = (status: number, answer: unknown) =>
      NOT_KEPT.has(status) || status >= 500
        ? prisma.idempotentRequest.deleteMany({ where: { route, key, status: 0 } })
        : prisma.idempotentRequest.updateMany({
            where: { route, key, status: 0 },
            data: { status, answer: (answer ?? null) as Prisma.InputJsonValue },
          });
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) await keep(error.status, httpErrorBody(error));
      else await prisma.idempotentRequest.deleteMany({ where: { route, key, status: 0 } });
      throw error;
    }
    await keep(ctx.status, ctx.body);
  };
}
