// Reviews and contact messages (spec section 5, "Review"; section 3, "ContactMessage").
import { z } from 'zod';
import { EMAIL_MAX, emailField, optionalText, requiredText } from './common';

export const REVIEW_RATINGS = ['1', '2', '3', '4', '5'] as const;
const RATING_MESSAGE = 'Rating must be between 1 and 5 stars';

export const ReviewSchema = z.object({
  // Stored as the string '1'..'5'; a number from a form is accepted too.
  rating: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.enum(REVIEW_RATINGS, { error: RATING_MESSAGE }),
  ),
  title: requiredText(
    100,
    'Review title must be at least 3 characters',
    'Review title cannot exceed 100 characters',
    3,
  ),
  comment: requiredText(
    1000,
    'Review comment must be at least 10 characters',
    'Review comment cannot exceed 1000 characters',
    10,
  ),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ContactMessageSchema = z.object({
  name: requiredText(100, 'Name is required', 'Name cannot exceed 100 characters'),
  email: emailField('Please enter a valid email address', EMAIL_MAX),
  subject: optionalText(200, 'Subject cannot exceed 200 characters'),
  message: requiredText(5000, 'Message is required', 'Message cannot exceed 5000 characters'),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
