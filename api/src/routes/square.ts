// POST /api/square/confirm-payment and POST /api/square/webhook.
// The webhook's signature covers the exact request bytes: it reads the body
// parser's ctx.request.rawBody, or the request stream itself when no body
// parser ran before it.
import type { IncomingMessage } from 'node:http';
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import { on } from './on.js';
import type { Context, Middleware } from 'koa';
import { HttpError } from '../errors.js';
import type { Logger, Payments } from '../services/contracts.js';
import { hasPaymentFlows, NOT_CONFIGURED, type Refusal } from '../services/square/types.js';

export interface SquareRouterDeps {
  payments: Payments;
  log: Logger;
  /** Limits confirm-payment calls: the route is public and asks Square each time. */
  confirmRateLimit?: Middleware;
}

const SIGNATURE_HEADER = 'x-square-hmacsha256-signature';
/** Square's notifications are a few KB; anything much larger is not from Square. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** A refusal of the payment service, thrown as the API's one error type. */
function refused(refusal: Refusal): HttpError {
  return new HttpError(refusal.status, refusal.message, {}, refusal.code);
}

class BodyTooLarge extends Error {}

function readStream(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The request's exact body text, or null when a body parser consumed it without keeping it. */
async function rawBodyOf(ctx: Context): Promise<string | null> {
  const kept = (ctx.request as { rawBody?: unknown }).rawBody;
  if (typeof kept === 'string') return kept;
  if (ctx.req.readableEnded) return null;
  return readStream(ctx.req, WEBHOOK_BODY_LIMIT);
}

export function squareRouter(deps: SquareRouterDeps): Router {
  const { payments } = deps;
  const router = new Router();

  const confirmLimit: Middleware = deps.confirmRateLimit ?? ((_ctx, next) => next());
  on(router, ROUTES.squareConfirmPayment, { before: [confirmLimit] }, async (ctx, { body }) => {
    if (!hasPaymentFlows(payments) || !payments.configured) throw refused(NOT_CONFIGURED);
    const result = await payments.confirmPayment(body.referenceId);
    if (!result.ok) throw refused(result);
    return { success: true, paymentStatus: result.paymentStatus };
  });

  on(router, ROUTES.squareWebhook, async (ctx) => {
    let raw: string | null;
    try {
      raw = await rawBodyOf(ctx);
    } catch (error) {
      if (error instanceof BodyTooLarge) throw new HttpError(413, 'Request body too large');
      throw error;
    }
    if (raw === null) {
      // A wiring mistake, not the caller's: 500 makes Square deliver again once it is fixed.
      // The error middleware answers 500 (internal_error) and logs it.
      throw new Error(
        'Square webhook: the raw body was consumed by a body parser that did not keep it (ctx.request.rawBody)',
      );
    }
    if (!hasPaymentFlows(payments) || !payments.configured) throw refused(NOT_CONFIGURED);
    const result = await payments.handleWebhook(raw, ctx.get(SIGNATURE_HEADER) || undefined);
    if (!result.ok) throw refused(result);
    return { received: true, ...(result.duplicate ? { duplicate: true } : {}) };
  });

  return router;
}
