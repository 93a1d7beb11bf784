// Field rules shared by several schemas, with the spec's messages.
import { z } from 'zod';
import '../zodConfig';

/** The digits of a phone number once spaces, dashes, parentheses and plus are removed. */
export const phoneDigits = (phone: string): string => phone.replace(/[\s\-()+]/g, '');

const PHONE_FORMAT = /^\+?[\d\s\-()]+$/;

export const PHONE_MESSAGES = {
  invalid: 'Please enter a valid phone number',
  tooShort: 'Phone number must be at least 10 digits',
  tooLong: 'Phone number cannot exceed 15 digits',
  tooManyCharacters: 'Phone number cannot exceed 30 characters',
} as const;

/** The most characters a phone may have, spaces and dashes included (the column's size). */
export const PHONE_MAX_LENGTH = 30;

/** The one phone problem to report, or null (format first, then length). */
export function phoneProblem(phone: string): string | null {
  const value = phone.trim();
  if (value.length > PHONE_MAX_LENGTH) return PHONE_MESSAGES.tooManyCharacters;
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

/** The longest e-mail address an account or a message takes. */
export const EMAIL_MAX = { length: 255, message: 'Email cannot exceed 255 characters' };

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

/**
 * Trimmed text of `min` (1 by default) to `max` characters: `missing` when
 * absent or shorter, `tooLong` when longer.
 */
export const requiredText = (max: number, missing: string, tooLong: string, min = 1) =>
  z.string({ error: missing }).trim().min(min, missing).max(max, tooLong);

/**
 * Trimmed text of at most `max` characters that may be left out (absent, null
 * and blank become null); `message` for anything else. Unlike optionalText,
 * the characters are not checked (a closed date's reason, a label name).
 */
export const optionalNote = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** Text that may be left out: absent, null and blank all become null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullish()
    .transform((value) => (value ? value : null));

/** A number from a JSON number or a numeric string (forms send strings). */
export const numberish = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).refine(Number.isFinite, { message }),
  );

/** True when a dollar amount has no fraction of a cent. */
/**
 * A whole number from `min` to `max` (text is read as a number, as a form or
 * a query string sends it), with one message for every way it can fail.
 */
export const wholeNumberIn = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

// --------------------------------------------------------------- person names

/**
 * The one name rule (issue 14) for sign-up, profile and orders: letters of any
 * alphabet (with their accents), spaces, hyphens, straight or curly
 * apostrophes and periods, with at least one letter: "Smith Jr.", "O'Neil",
 * "José María", "Zoë".
 */
const NAME_CHARACTERS = /^[\p{L}\p{M}\s'’.-]+$/u;
const HAS_LETTER = /\p{L}/u;

export const isPersonName = (value: string): boolean =>
  NAME_CHARACTERS.test(value) && HAS_LETTER.test(value);

/** 'First name can only contain letters, spaces, hyphens, apostrophes, and periods'. */
export const nameCharactersMessage = (label: string): string =>
  `${label} can only contain letters, spaces, hyphens, apostrophes, and periods`;

/** A name field: trimmed, min..max characters, the name rule. */
export const personNameField = (
  label: string,
  min: { length: number; message: string },
  max: { length: number; message: string },
) =>
  z
    .string({ error: min.message })
    .trim()
    .min(min.length, min.message)
    .max(max.length, max.message)
    // An empty name already has its 'required' message.
    .refine((v) => v === '' || isPersonName(v), nameCharactersMessage(label));

// ------------------------------------------------------------ safe text (issue 15)

export const TEXT_MESSAGES = {
  invalidCharacters: 'Text cannot contain control characters or invalid characters',
  directionControls:
    'Text cannot contain characters that change the text direction (U+202A-U+202E, U+2066-U+2069)',
} as const;

// NUL and the other C0 controls but tab, LF and CR; DEL; a high surrogate not
// followed by a low one, or a low one without a high one before it.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Issue 27: the bidi embeddings, overrides and isolates (LRE, RLE, PDF, LRO,
// RLO; LRI, RLI, FSI, PDI) reorder the text around them, so a name or a note
// can show staff something other than what it holds ("Trojan Source"). The
// marks U+200E/U+200F (and U+061C) stay allowed: they only set the direction
// of the one spot they stand in, and right-to-left names need them.
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * Why a text cannot be stored (a NUL byte, another control character, a lone
 * surrogate, a bidi override or isolate), or null. Lengths are each field's
 * own rule (its schema's max).
 */
export function textProblem(value: string): string | null {
  if (UNSAFE_CHARACTERS.test(value) || LONE_SURROGATE.test(value))
    return TEXT_MESSAGES.invalidCharacters;
  if (DIRECTION_CONTROLS.test(value)) return TEXT_MESSAGES.directionControls;
  return null;
}

export interface TextIssue {
  path: (string | number)[];
  message: string;
}

/** A value still to look at, with the way to it (a linked list: no copy per level). */
interface Pending {
  value: unknown;
  key: string | number | null;
  parent: Pending | null;
}

const pathOf = (node: Pending | null, base: (string | number)[]): (string | number)[] => {
  const keys: (string | number)[] = [];
  for (let at = node; at; at = at.parent) if (at.key !== null) keys.push(at.key);
  return [...base, ...keys.reverse()];
};

/**
 * Every string in a request (keys included, at any depth) that textProblem
 * refuses, in document order. The API runs it on each request part before the
 * route's schema, so no text field of any schema reaches the database with a
 * NUL byte or a lone surrogate (PostgreSQL refuses both, which was a 500).
 * Iterative, with a stack of its own (issue 27: recursion overflowed the call
 * stack at 3,000 levels); the API also refuses bodies nested deeper than 32.
 */
export function unsafeTextIssues(input: unknown, path: (string | number)[] = []): TextIssue[] {
  const issues: TextIssue[] = [];
  const stack: Pending[] = [{ value: input, key: null, parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value, key } = node;
    // An object's key (array indexes are numbers), just before its value.
    const keyMessage = typeof key === 'string' ? textProblem(key) : null;
    if (keyMessage) issues.push({ path: pathOf(node, path), message: keyMessage });
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) issues.push({ path: pathOf(node, path), message });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--)
        stack.push({ value: value[index], key: index, parent: node });
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
    }
  }
  return issues;
}

/** `schema` behind the safe-text check: unsafe strings anywhere fail with their path. */
export const safeInput = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      for (const issue of unsafeTextIssues(value))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    })
    .pipe(schema);
