// The review list and its two actions (approve, delete), over the typed client.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type AdminReviewView } from '@bakery/core';
import { client, messageOf } from '../api/client';
import { toast } from '../ui/toaster';

export const REVIEWS_KEY = [ROUTES.adminReviews.path] as const;

export function useReviews() {
  const queries = useQueryClient();
  const reviews = useQuery({
    queryKey: REVIEWS_KEY,
    queryFn: () => client.call(ROUTES.adminReviews),
  });
  const done = () => {
    void queries.invalidateQueries({ queryKey: REVIEWS_KEY });
    void queries.invalidateQueries({ queryKey: [ROUTES.reviews.path] });
  };
  const approve = useMutation({
    mutationFn: (id: string) => client.call(ROUTES.approveReview, { params: { id } }),
    onSuccess: () => {
      done();
      toast('Review approved', 'It now shows on the shop', 'success');
    },
    onError: (err) => toast('Failed to approve review', messageOf(err, 'Failed to approve review')),
  });
  const remove = useMutation({
    mutationFn: (review: AdminReviewView) =>
      client.call(ROUTES.deleteReview, { params: { id: review.id } }),
    onSuccess: (_answer, review) => {
      done();
      toast('Review deleted', `"${review.title}" was deleted`, 'success');
    },
    onError: (err) => toast('Failed to delete review', messageOf(err, 'Failed to delete review')),
  });
  return { reviews, approve, remove, busy: approve.isPending || remove.isPending };
}
