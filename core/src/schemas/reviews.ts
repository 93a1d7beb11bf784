// Reviews and contact messages (spec section 5, "Review"; section 3, "ContactMessage").
import { z } from 'zod';
import { emailField, optionalText } from './common';

export const REVIEW_RATINGS = ['1', '2', '3', '4', '5'] as const;
const RATING_MESSAGE = 'Rating must be between 1 and 5 stars';

export const ReviewSchema = z.object({
  // Stored as the string '1'..'5'; a number from a form is accepted too.
  rating: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.enum(REVIEW_RATINGS, { error: RATING_MESSAGE }),
  ),
  title: z
    .string({ error: 'Review title must be at least 3 characters' })
    .trim()
    .min(3, 'Review title must be at least 3 characters')
    .max(100, 'Review title cannot exceed 100 characters'),
  comment: z
    .string({ error: 'Review comment must be at least 10 characters' })
    .trim()
    .min(10, 'Review comment must be at least 10 characters')
    .max(1000, 'Review comment cannot exceed 1000 characters'),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ContactMessageSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name cannot exceed 100 characters'),
  email: emailField('Please enter a valid email address', {
    length: 255,
    message: 'Email cannot exceed 255 characters',
  }),
  subject: optionalText(200, 'Subject cannot exceed 200 characters'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message cannot exceed 5000 characters'),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
