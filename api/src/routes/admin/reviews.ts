// Review moderation (staff): every review, approve, delete.
import Router from '@koa/router';
import type { AdminReviewView } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { requirePermission } from '../../middleware/auth.js';
import { notFound } from '../../middleware/errors.js';
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
  const knownReview = knownIds('Review not found');
  router.get('/api/admin/reviews', requirePermission('manageReviews'), async (ctx) => {
    const rows = await deps.prisma.review.findMany({
      include: withUser,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    ctx.body = rows.map(moderationView);
  });
  router.patch(
    '/api/admin/reviews/:id/approve',
    requirePermission('manageReviews'),
    knownReview,
    async (ctx) => {
      const existing = await deps.prisma.review.findUnique({ where: { id: idParam(ctx) } });
      if (!existing) throw notFound('Review not found');
      const review = await deps.prisma.review.update({
        where: { id: existing.id },
        data: { isApproved: true },
        include: withUser,
      });
      ctx.body = { success: true, review: moderationView(review) };
    },
  );
  router.delete(
    '/api/admin/reviews/:id',
    requirePermission('manageReviews'),
    knownReview,
    async (ctx) => {
      const { count } = await deps.prisma.review.deleteMany({ where: { id: idParam(ctx) } });
      if (count === 0) throw notFound('Review not found');
      ctx.body = { success: true };
    },
  );
  return router;
}
