// One review as staff see it: a card with its title, stars, text and what
// can be done with it.
import { formatLongDate, type AdminReviewView } from '@bakery/core';
import { Button, Card, Tag } from '../ui/blueprint';

type AdminReview = AdminReviewView;

export const cut100 = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}…` : s);
export const ratingOf = (r: AdminReview) =>
  Math.min(5, Math.max(0, Math.round(Number(r.rating)) || 0));
const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

/**
 * One review as a card: title, stars, text, and what staff can do with it.
 * Pending: Approve and Delete. Live (approved, cut at 100 characters): Remove.
 */
export function ReviewCard({
  review,
  busy,
  onApprove,
  onDelete,
}: {
  review: AdminReview;
  busy: boolean;
  onApprove(): void;
  onDelete(): void;
}) {
  const live = review.isApproved;
  const remove = (
    <Button
      intent="danger"
      small={live}
      text={live ? 'Remove' : 'Delete'}
      disabled={busy}
      onClick={onDelete}
    />
  );
  return (
    <Card role="article" style={{ marginBottom: 8 }} aria-label={`Review ${review.title}`}>
      {live && (
        <>
          <Tag intent="success" round>
            Live
          </Tag>{' '}
        </>
      )}
      <strong>{review.title}</strong>{' '}
      <span role="img" aria-label={`${ratingOf(review)} stars`}>
        {stars(ratingOf(review))}
      </span>
      <p>{live ? cut100(review.comment) : review.comment}</p>
      {live ? (
        remove
      ) : (
        <>
          <div className="muted">
            {review.userName ?? 'Customer'} · {formatLongDate(review.createdAt)}
          </div>
          <div className="button-row">
            <Button intent="success" text="Approve" disabled={busy} onClick={onApprove} />
            {remove}
          </div>
        </>
      )}
    </Card>
  );
}
