import { Button, Card, H5, NonIdealState, Spinner, Tag, Callout } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLongDate, type ReviewView } from '@bakery/core';
import { api, messageOf } from '../api/client';
import { toast } from '../ui/toaster';

// The rating travels as a string '1'..'5' (spec 3); numbers are accepted too.
type AdminReview = Omit<ReviewView, 'rating'> & {
  rating: string | number;
  isApproved: boolean;
  userName?: string | null;
};

export const cut100 = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}…` : s);
const ratingOf = (r: AdminReview) => Math.min(5, Math.max(0, Math.round(Number(r.rating)) || 0));
const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

export function ReviewsTab() {
  const client = useQueryClient();
  const reviews = useQuery({
    queryKey: ['/api/admin/reviews'],
    queryFn: () => api<AdminReview[]>('/api/admin/reviews'),
  });
  const done = () => {
    void client.invalidateQueries({ queryKey: ['/api/admin/reviews'] });
    void client.invalidateQueries({ queryKey: ['/api/reviews'] });
  };
  const approve = useMutation({
    mutationFn: (id: string) => api(`/api/admin/reviews/${id}/approve`, { method: 'PATCH' }),
    onSuccess: done,
    onError: (err) => toast('Failed to approve review', messageOf(err, 'Failed to approve review')),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/reviews/${id}`, { method: 'DELETE' }),
    onSuccess: done,
    onError: (err) => toast('Failed to delete review', messageOf(err, 'Failed to delete review')),
  });
  if (reviews.isLoading) return <Spinner aria-label="Loading reviews" />;
  if (reviews.error)
    return <Callout intent="danger">{messageOf(reviews.error, 'Failed to load reviews')}</Callout>;
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
        <section aria-label="Pending reviews">
          <H5>Pending Reviews</H5>
          {pending.length === 0 && <NonIdealState icon="tick" title="No reviews waiting" />}
          {pending.map((r) => (
            <Card
              key={r.id}
              role="article"
              style={{ marginBottom: 8 }}
              aria-label={`Review ${r.title}`}
            >
              <strong>{r.title}</strong>{' '}
              <span role="img" aria-label={`${ratingOf(r)} stars`}>
                {stars(ratingOf(r))}
              </span>
              <p>{r.comment}</p>
              <div className="muted">
                {r.userName ?? 'Customer'} · {formatLongDate(r.createdAt)}
              </div>
              <div className="button-row">
                <Button
                  intent="success"
                  text="Approve"
                  disabled={busy}
                  onClick={() => approve.mutate(r.id)}
                />
                <Button
                  intent="danger"
                  text="Delete"
                  disabled={busy}
                  onClick={() => remove.mutate(r.id)}
                />
              </div>
            </Card>
          ))}
        </section>
        <section aria-label="Approved reviews">
          <H5>Approved Reviews</H5>
          {approved.length === 0 && <NonIdealState icon="comment" title="No approved reviews" />}
          {approved.map((r) => (
            <Card
              key={r.id}
              role="article"
              style={{ marginBottom: 8 }}
              aria-label={`Review ${r.title}`}
            >
              <Tag intent="success" round>
                Live
              </Tag>{' '}
              <strong>{r.title}</strong>{' '}
              <span role="img" aria-label={`${ratingOf(r)} stars`}>
                {stars(ratingOf(r))}
              </span>
              <p>{cut100(r.comment)}</p>
              <Button
                intent="danger"
                small
                text="Remove"
                disabled={busy}
                onClick={() => remove.mutate(r.id)}
              />
            </Card>
          ))}
        </section>
      </div>
    </div>
  );
}
