// Review moderation (staff): every review, approve, delete.
import Router from '@koa/router';
import { ROUTES, type AdminReviewView } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { DONE, on } from '../on.js';
import { idParam, knownIds } from './shared.js';

type ReviewRow = {
  id: string;
  rating: string;
  title: string;
  comment: string;
  isApproved: boolean;
  createdAt: Date;
  updatedAt: Date;
  userId: string | null;
  user?: { firstName: string; lastName: string; email: string } | null;
};

const moderationView = (
  review: ReviewRow,
): AdminReviewView & { userId: string | null; userEmail: string | null } => ({
  id: review.id,
  rating: review.rating,
  title: review.title,
  comment: review.comment,
  isApproved: review.isApproved,
  createdAt: review.createdAt.toISOString(),
  updatedAt: review.updatedAt.toISOString(),
  userId: review.userId,
  userName: review.user
    ? `${review.user.firstName} ${review.user.lastName}`.trim()
    : 'Former customer',
  userEmail: review.user?.email ?? null,
});

const withUser = { user: { select: { firstName: true, lastName: true, email: true } } } as const;

export function adminReviewsRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;
  // The newest 500: a bakery's moderation queue, bounded.
  on(router, ROUTES.adminReviews, async () => {
    const rows = await prisma.review.findMany({
      include: withUser,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 500,
    });
    return rows.map(moderationView);
  });

  const knownReview = { before: [knownIds('Review not found')] };
  on(router, ROUTES.approveReview, knownReview, async (ctx) => {
    const id = idParam(ctx);
    const { count } = await prisma.review.updateMany({
      where: { id },
      data: { isApproved: true },
    });
    if (count === 0) throw notFound('Review not found');
    const review = await prisma.review.findUniqueOrThrow({ where: { id }, include: withUser });
    return { success: true, review: moderationView(review) };
  });
  on(router, ROUTES.deleteReview, knownReview, async (ctx) => {
    const { count } = await prisma.review.deleteMany({ where: { id: idParam(ctx) } });
    if (count === 0) throw notFound('Review not found');
    return DONE;
  });
  return router;
}
