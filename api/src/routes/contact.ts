// The contact form: stored for the bakery to read (no account needed).
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../deps.js';
import { callRateLimit } from '../middleware/rateLimit.js';
import { on } from './on.js';
import { saveContactMessage } from '../services/contact.js';

export const CONTACT_THANKS = "Thank you for your message! We'll get back to you soon.";

export function contactRouter(deps: AppDeps): Router {
  const router = new Router();
  on(
    router,
    ROUTES.contact,
    { before: [callRateLimit(deps, 'contact', 'Too many messages. Please try again later.')] },
    async (_, { body: input }) => {
      await saveContactMessage(deps.prisma, input);
      return { success: true, message: CONTACT_THANKS };
    },
  );
  return router;
}
