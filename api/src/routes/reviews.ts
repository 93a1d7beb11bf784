// Reviews: the public list shows approved reviews only; a signed-in customer
// writes one, which waits unapproved for staff.
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../deps.js';
import { currentUser } from '../middleware/auth.js';
import { on } from './on.js';

const PUBLIC_FIELDS = {
  id: true,
  rating: true,
  title: true,
  comment: true,
  createdAt: true,
} as const;
type PublicReview = { id: string; rating: string; title: string; comment: string; createdAt: Date };
const reviewView = (review: PublicReview) => ({
  ...review,
  createdAt: review.createdAt.toISOString(),
});

export function reviewsRouter(deps: AppDeps): Router {
  const router = new Router();

  on(router, ROUTES.reviews, async () => {
    const reviews = await deps.prisma.review.findMany({
      where: { isApproved: true },
      select: PUBLIC_FIELDS,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      take: 200,
    });
    return reviews.map(reviewView);
  });

  on(router, ROUTES.postReview, async (ctx, { body }) => {
    const { rating, title, comment } = body;
    const review = await deps.prisma.review.create({
      data: {
        userId: currentUser(ctx)!.id,
        rating: String(rating),
        title: title.trim(),
        comment: comment.trim(),
        isApproved: false,
      },
      select: PUBLIC_FIELDS,
    });
    return {
      success: true,
      review: { ...reviewView(review), isApproved: false, userName: null },
    };
  });

  return router;
}
