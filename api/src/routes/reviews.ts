// Reviews: the public list shows approved reviews only; a signed-in customer
// writes one, which waits unapproved for staff.
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../deps.js';
import { currentUser } from '../middleware/auth.js';
import { on } from './on.js';
import { postReview, publicReviews } from '../services/reviews.js';

export function reviewsRouter(deps: AppDeps): Router {
  const router = new Router();

  on(router, ROUTES.reviews, () => publicReviews(deps.prisma));

  on(router, ROUTES.postReview, async (ctx, { body }) => ({
    success: true,
    review: await postReview(deps.prisma, currentUser(ctx)!.id, body),
  }));

  return router;
}
