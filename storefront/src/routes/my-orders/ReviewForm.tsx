import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ReviewSchema } from '@bakery/core';
import { apiRequest } from '../../api/client';
import { REVIEWS_KEY } from '../../api/queries';
import { fieldErrors, FormField } from '../../components/FormField';
import { useToast } from '../../components/Toast';

export function ReviewForm() {
  const [rating, setRating] = useState('5');
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ReviewSchema.safeParse({ rating, title, comment });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest('POST', '/api/reviews', parsed.data);
      await queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
      toast({
        title: 'Review Submitted!',
        description: 'Thank you! Your review will appear once it is approved.',
      });
      setRating('5');
      setTitle('');
      setComment('');
    } catch {
      toast({
        title: 'Failed to submit review',
        description: 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card review-form" aria-labelledby="review-heading">
      <h2 id="review-heading">Leave a Review</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
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
                  onChange={() => setRating(r)}
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
        <FormField
          label="Title"
          value={title}
          error={errors.title}
          maxLength={100}
          onChange={(e) => setTitle(e.target.value)}
        />
        <div className="field">
          <label htmlFor="review-comment">Comment</label>
          <textarea
            id="review-comment"
            value={comment}
            maxLength={1000}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? 'review-comment-error' : undefined}
            onChange={(e) => setComment(e.target.value)}
          />
          {errors.comment && (
            <p id="review-comment-error" className="error-text">
              {errors.comment}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit Review'}
        </button>
      </form>
    </section>
  );
}
