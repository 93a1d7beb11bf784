// Field rules shared by several schemas, with the spec's messages.
import { z } from 'zod';

/** The digits of a phone number once spaces, dashes, parentheses and plus are removed. */
export const phoneDigits = (phone: string): string => phone.replace(/[\s\-()+]/g, '');

const PHONE_FORMAT = /^\+?[\d\s\-()]+$/;

export const PHONE_MESSAGES = {
  invalid: 'Please enter a valid phone number',
  tooShort: 'Phone number must be at least 10 digits',
  tooLong: 'Phone number cannot exceed 15 digits',
} as const;

/** The one phone problem to report, or null (format first, then length). */
export function phoneProblem(phone: string): string | null {
  const value = phone.trim();
  if (!PHONE_FORMAT.test(value))
    return value === '' ? PHONE_MESSAGES.tooShort : PHONE_MESSAGES.invalid;
  const digits = phoneDigits(value).length;
  if (digits < 10) return PHONE_MESSAGES.tooShort;
  if (digits > 15) return PHONE_MESSAGES.tooLong;
  return null;
}

export const phoneField = () =>
  z
    .string({ error: PHONE_MESSAGES.tooShort })
    .trim()
    .superRefine((value, ctx) => {
      const problem = phoneProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** An optional phone: absent, null or blank is allowed; anything else must be valid. */
export const optionalPhoneField = () =>
  z
    .string({ error: PHONE_MESSAGES.invalid })
    .trim()
    .nullish()
    .superRefine((value, ctx) => {
      if (!value) return;
      const problem = phoneProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => (value ? value : null));

export const emailField = (message: string, max?: { length: number; message: string }) => {
  const base = z.string({ error: message }).trim();
  const capped = max ? base.max(max.length, max.message) : base;
  return capped.pipe(z.email({ error: message }));
};

export const PASSWORD_MIN_MESSAGE = 'Password must be at least 6 characters';
export const passwordField = () =>
  z
    .string({ error: PASSWORD_MIN_MESSAGE })
    .min(6, PASSWORD_MIN_MESSAGE)
    .max(128, 'Password cannot exceed 128 characters');

/** Text that may be left out: absent, null and blank all become null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** A number from a JSON number or a numeric string (forms send strings). */
export const numberish = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).refine(Number.isFinite, { message }),
  );

/** True when a dollar amount has no fraction of a cent. */
export const isWholeCents = (dollars: number): boolean =>
  Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
