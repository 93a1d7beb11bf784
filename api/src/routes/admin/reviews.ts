// Review moderation (staff): every review, approve, delete.
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { DONE, on } from '../on.js';
import { approveReview, deleteReview, reviewsToModerate } from '../../services/reviews.js';
import { idParam, knownIds } from './shared.js';

export function adminReviewsRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;
  // The newest 500: a bakery's moderation queue, bounded.
  on(router, ROUTES.adminReviews, () => reviewsToModerate(prisma));

  const knownReview = { before: [knownIds('Review not found')] };
  on(router, ROUTES.approveReview, knownReview, async (ctx) => ({
    success: true,
    review: await approveReview(prisma, idParam(ctx)),
  }));
  on(router, ROUTES.deleteReview, knownReview, async (ctx) => {
    await deleteReview(prisma, idParam(ctx));
    return DONE;
  });
  return router;
}
