// Review Management: pending reviews to approve or delete, approved ones live
// on the shop (cut at 100 characters) to remove, and the statistics. A delete
// asks first: it cannot be taken back. Root (this file) -> useReviews (data)
// -> ReviewCard (one review).
import { useState } from 'react';
import type { AdminReviewView } from '@bakery/core';
import { Card, H5, NonIdealState } from '../ui/blueprint';
import { ConfirmAbout } from '../ui/ConfirmDialog';
import { QueryStatus } from '../ui/QueryStatus';
import { ratingOf, ReviewCard } from './ReviewCard';
import { useReviews } from './useReviews';

export { cut100 } from './ReviewCard';

export function ReviewsTab() {
  const { reviews, approve, remove, busy } = useReviews();
  // The review a delete waits on: the dialog asks before anything is sent.
  const [deleting, setDeleting] = useState<AdminReviewView | null>(null);
  if (reviews.isLoading || reviews.error) return <QueryStatus query={reviews} what="reviews" />;
  const all = reviews.data ?? [];
  const pending = all.filter((r) => !r.isApproved);
  const approved = all.filter((r) => r.isApproved);
  const avg = all.length ? (all.reduce((s, r) => s + ratingOf(r), 0) / all.length).toFixed(1) : '—';
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
      <ConfirmAbout
        about={deleting}
        setAbout={setDeleting}
        title="Delete this review?"
        confirmText="Delete review"
        onConfirm={(review) => remove.mutate(review)}
      >
        <p>
          &ldquo;{deleting?.title}&rdquo; by {deleting?.userName ?? 'a customer'} is deleted for
          good{deleting?.isApproved ? ' and leaves the shop at once' : ''}. This cannot be undone.
        </p>
      </ConfirmAbout>
    </div>
  );
}
