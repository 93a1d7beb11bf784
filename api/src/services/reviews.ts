// Reviews: the public list (approved only), a customer's new review (waits
// unapproved for staff) and the staff's moderation (every review, approve,
// delete).
import type { AdminReviewView } from '@bakery/core';
import type { Db } from '../db/types.js';
import { notFound } from '../errors.js';

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

/** The newest 200 approved reviews, as the shop shows them. */
export async function publicReviews(prisma: Db) {
  const reviews = await prisma.review.findMany({
    where: { isApproved: true },
    select: PUBLIC_FIELDS,
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: 200,
  });
  return reviews.map(reviewView);
}

/** A signed-in customer's review: stored unapproved, for staff to moderate. */
export async function postReview(
  prisma: Db,
  userId: string,
  input: { rating: string | number; title: string; comment: string },
) {
  const review = await prisma.review.create({
    data: {
      userId,
      rating: String(input.rating),
      title: input.title.trim(),
      comment: input.comment.trim(),
      isApproved: false,
    },
    select: PUBLIC_FIELDS,
  });
  return { ...reviewView(review), isApproved: false, userName: null };
}

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

/** The newest 500 reviews: a bakery's moderation queue, bounded. */
export async function reviewsToModerate(prisma: Db) {
  const rows = await prisma.review.findMany({
    include: withUser,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 500,
  });
  return rows.map(moderationView);
}

/** Approves a review; 404 when there is none with this id. */
export async function approveReview(prisma: Db, id: string) {
  const { count } = await prisma.review.updateMany({ where: { id }, data: { isApproved: true } });
  if (count === 0) throw notFound('Review not found');
  const review = await prisma.review.findUniqueOrThrow({ where: { id }, include: withUser });
  return moderationView(review);
}

/** Deletes a review; 404 when there is none with this id. */
export async function deleteReview(prisma: Db, id: string): Promise<void> {
  const { count } = await prisma.review.deleteMany({ where: { id } });
  if (count === 0) throw notFound('Review not found');
}
