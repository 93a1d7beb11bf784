import { useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@bakery/core';
import { api } from '../../api/client';
import { REVIEWS_KEY } from '../../api/queries';
import { FormField, SubmitButton } from '../../components/FormField';
import { useToast } from '../../components/Toast';
import { useForm } from '../../components/useForm';

export function ReviewForm() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm({
    initial: { rating: '5', title: '', comment: '' },
    schema: (s) => s.ReviewSchema,
    failure: { title: 'Failed to submit review', fallback: 'Please try again.' },
    send: async (data) => {
      await api.call(ROUTES.postReview, { body: data });
      await queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
      toast({
        title: 'Review Submitted!',
        description: 'Thank you! Your review will appear once it is approved.',
      });
      form.reset();
    },
  });
  const { rating } = form.values;
  const { errors } = form;

  return (
    <section className="card review-form" aria-labelledby="review-heading">
      <h2 id="review-heading">Leave a Review</h2>
      <form onSubmit={form.onSubmit} noValidate>
        <fieldset className="field">
          <legend>Rating</legend>
          <div className="star-input">
            {['1', '2', '3', '4', '5'].map((r) => (
              <label key={r} className={Number(r) <= Number(rating) ? 'on' : ''}>
                <input
                  type="radio"
                  name="rating"
                  value={r}
                  checked={rating === r}
                  onChange={() => form.setValues((v) => ({ ...v, rating: r }))}
                  className="sr-only"
                />
                <span aria-hidden="true">★</span>
                <span className="sr-only">
                  {r} star{r === '1' ? '' : 's'}
                </span>
              </label>
            ))}
          </div>
          {errors.rating && <p className="error-text">{errors.rating}</p>}
        </fieldset>
        <FormField label="Title" maxLength={100} {...form.field('title')} />
        <FormField
          label="Comment"
          multiline
          id="review-comment"
          maxLength={1000}
          {...form.field('comment')}
        />
        <SubmitButton busy={form.busy} busyText="Submitting...">
          Submit Review
        </SubmitButton>
      </form>
    </section>
  );
}
