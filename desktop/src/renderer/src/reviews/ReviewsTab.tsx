// Review Management: pending reviews to approve or delete, approved ones live
// on the shop (cut at 100 characters) to remove, and the statistics. A delete
// asks first: it cannot be taken back.
import { useState } from 'react';
import { Button, Card, H5, NonIdealState, Tag } from '../ui/blueprint';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLongDate, type AdminReviewView } from '@bakery/core';
import { api, messageOf } from '../api/client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { QueryStatus } from '../ui/QueryStatus';
import { toast } from '../ui/toaster';

type AdminReview = AdminReviewView;

export const cut100 = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}…` : s);
const ratingOf = (r: AdminReview) => Math.min(5, Math.max(0, Math.round(Number(r.rating)) || 0));
const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

/**
 * One review as a card: title, stars, text, and what staff can do with it.
 * Pending: Approve and Delete. Live (approved, cut at 100 characters): Remove.
 */
function ReviewCard({
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

export function ReviewsTab() {
  const client = useQueryClient();
  const reviews = useQuery({
    queryKey: ['/api/admin/reviews'],
    queryFn: () => api<AdminReview[]>('/api/admin/reviews'),
  });
  // The review a delete waits on: the dialog asks before anything is sent.
  const [deleting, setDeleting] = useState<AdminReview | null>(null);
  const done = () => {
    void client.invalidateQueries({ queryKey: ['/api/admin/reviews'] });
    void client.invalidateQueries({ queryKey: ['/api/reviews'] });
  };
  const approve = useMutation({
    mutationFn: (id: string) => api(`/api/admin/reviews/${id}/approve`, { method: 'PATCH' }),
    onSuccess: () => {
      done();
      toast('Review approved', 'It now shows on the shop', 'success');
    },
    onError: (err) => toast('Failed to approve review', messageOf(err, 'Failed to approve review')),
  });
  const remove = useMutation({
    mutationFn: (review: AdminReview) =>
      api(`/api/admin/reviews/${review.id}`, { method: 'DELETE' }),
    onSuccess: (_answer, review) => {
      done();
      toast('Review deleted', `"${review.title}" was deleted`, 'success');
    },
    onError: (err) => toast('Failed to delete review', messageOf(err, 'Failed to delete review')),
  });
  if (reviews.isLoading || reviews.error) return <QueryStatus query={reviews} what="reviews" />;
  const all = reviews.data ?? [];
  const pending = all.filter((r) => !r.isApproved);
  const approved = all.filter((r) => r.isApproved);
  const avg = all.length ? (all.reduce((s, r) => s + ratingOf(r), 0) / all.length).toFixed(1) : '—';
  const busy = approve.isPending || remove.isPending;
  return (
    <div>
      <div className="stat-grid" style={{ gridTemplateColumns: 'repeat(4, 1fr)' }}>
        {[
          ['Total Reviews', all.length],
          ['Approved', approved.length],
          ['Pending', pending.length],
          ['Average Rating', avg],
        ].map(([l, v]) => (
          <Card key={l} className="stat-card" data-testid={`review-stat-${l}`}>
            <div className="label">{l}</div>
            <div className="value">{v}</div>
          </Card>
        ))}
      </div>
      <div className="two-col">
        {[
          { name: 'Pending', list: pending, icon: 'tick' as const, empty: 'No reviews waiting' },
          {
            name: 'Approved',
            list: approved,
            icon: 'comment' as const,
            empty: 'No approved reviews',
          },
        ].map(({ name, list, icon, empty }) => (
          <section key={name} aria-label={`${name} reviews`}>
            <H5>{name} Reviews</H5>
            {list.length === 0 && <NonIdealState icon={icon} title={empty} />}
            {list.map((r) => (
              <ReviewCard
                key={r.id}
                review={r}
                busy={busy}
                onApprove={() => approve.mutate(r.id)}
                onDelete={() => setDeleting(r)}
              />
            ))}
          </section>
        ))}
      </div>
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete this review?"
        confirmText="Delete review"
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        <p>
          &ldquo;{deleting?.title}&rdquo; by {deleting?.userName ?? 'a customer'} is deleted for
          good{deleting?.isApproved ? ' and leaves the shop at once' : ''}. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
