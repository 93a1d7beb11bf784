// The contact form: stored for the bakery to read (no account needed).
import Router from '@koa/router';
import { ContactMessageSchema } from '@bakery/core';
import type { AppDeps } from '../deps.js';
import { callRateLimit } from '../middleware/rateLimit.js';
import { handle } from '../middleware/validate.js';

export const CONTACT_THANKS = "Thank you for your message! We'll get back to you soon.";

export function contactRouter(deps: AppDeps): Router {
  const router = new Router();
  router.post(
    '/api/contact',
    callRateLimit(deps, 'contact', 'Too many messages. Please try again later.'),
    handle({ body: ContactMessageSchema }, async (ctx, { body: input }) => {
      await deps.prisma.contactMessage.create({
        data: {
          name: input.name.trim(),
          email: input.email.trim().toLowerCase(),
          subject: input.subject?.trim() || null,
          message: input.message.trim(),
        },
      });
      ctx.status = 201;
      ctx.body = { success: true, message: CONTACT_THANKS };
    }),
  );
  return router;
}
