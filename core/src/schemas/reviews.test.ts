import { describe, expect, it } from 'vitest';
import { ContactMessageSchema, ReviewSchema } from './reviews';
import { messagesOf } from './testing';

const review = { rating: '5', title: 'Best bread', comment: 'The banana bread was perfect.' };

describe('review', () => {
  it('keeps the rating as the string 1 to 5, from a string or a number', () => {
    expect(ReviewSchema.parse(review).rating).toBe('5');
    expect(ReviewSchema.parse({ ...review, rating: 3 }).rating).toBe('3');
  });

  it.each([
    [{ rating: '0' }, 'Rating must be between 1 and 5 stars'],
    [{ rating: '6' }, 'Rating must be between 1 and 5 stars'],
    [{ rating: 4.5 }, 'Rating must be between 1 and 5 stars'],
    [{ rating: undefined }, 'Rating must be between 1 and 5 stars'],
    [{ title: 'ab' }, 'Review title must be at least 3 characters'],
    [{ title: '  ab  ' }, 'Review title must be at least 3 characters'],
    [{ title: 'x'.repeat(101) }, 'Review title cannot exceed 100 characters'],
    [{ comment: 'Too short' }, 'Review comment must be at least 10 characters'],
    [{ comment: 'x'.repeat(1001) }, 'Review comment cannot exceed 1000 characters'],
  ])('%o -> "%s"', (over, message) =>
    expect(messagesOf(ReviewSchema, { ...review, ...over })).toEqual([message]),
  );

  it('accepts the limits themselves', () => {
    expect(
      messagesOf(ReviewSchema, { rating: '1', title: 'abc', comment: 'x'.repeat(10) }),
    ).toEqual([]);
    expect(
      messagesOf(ReviewSchema, { rating: '5', title: 'x'.repeat(100), comment: 'x'.repeat(1000) }),
    ).toEqual([]);
  });
});

describe('contact message', () => {
  const msg = { name: 'Ann Lee', email: 'ann@example.com', message: 'Do you make nut-free cakes?' };
  it('has an optional subject', () => {
    expect(ContactMessageSchema.parse(msg)).toEqual({ ...msg, subject: null });
    expect(ContactMessageSchema.parse({ ...msg, subject: 'Cakes' }).subject).toBe('Cakes');
  });
  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ message: ' ' }, 'Message is required'],
    [{ message: 'x'.repeat(5001) }, 'Message cannot exceed 5000 characters'],
    [{ subject: 'x'.repeat(201) }, 'Subject cannot exceed 200 characters'],
  ])('%o -> "%s"', (over, message) =>
    expect(messagesOf(ContactMessageSchema, { ...msg, ...over })).toEqual([message]),
  );
});
