// Review moderation (staff): every review, approve, delete.
import Router from '@koa/router';
import type { Context } from 'koa';
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
  const { prisma } = deps;
  router.get('/api/admin/reviews', requirePermission('manageReviews'), async (ctx) => {
    const rows = await prisma.review.findMany({
      include: withUser,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    ctx.body = rows.map(moderationView);
  });

  // One review's action: staff who moderate, a well-formed id, the action's answer.
  const onReview = (act: (id: string) => Promise<unknown>) =>
    [
      requirePermission('manageReviews'),
      knownIds('Review not found'),
      async (ctx: Context) => {
        ctx.body = await act(idParam(ctx));
      },
    ] as const;

  router.patch(
    '/api/admin/reviews/:id/approve',
    ...onReview(async (id) => {
      const { count } = await prisma.review.updateMany({
        where: { id },
        data: { isApproved: true },
      });
      if (count === 0) throw notFound('Review not found');
      const review = await prisma.review.findUniqueOrThrow({ where: { id }, include: withUser });
      return { success: true, review: moderationView(review) };
    }),
  );
  router.delete(
    '/api/admin/reviews/:id',
    ...onReview(async (id) => {
      const { count } = await prisma.review.deleteMany({ where: { id } });
      if (count === 0) throw notFound('Review not found');
      return { success: true };
    }),
  );
  return router;
}
