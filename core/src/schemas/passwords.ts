// Password rules (issue 15, ASVS 2.1): the spec's minimum of 6 characters
// and its message for everyone, no password from the bundled list of the most
// common ones, and 12 characters for staff (admin and owner). The account
// security payloads (password change, account deletion, second factor) live
// here too.
import { z } from 'zod';
import { PASSWORD_MIN_MESSAGE, requiredText } from './common';
import { COMMON_PASSWORDS } from './commonPasswords';
import { isGuessablePassword } from './passwordRules';

export const PASSWORD_MAX = 128;
export const PASSWORD_MAX_MESSAGE = 'Password cannot exceed 128 characters';
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MESSAGE = 'Staff passwords must be at least 12 characters';

const COMMON = new Set(COMMON_PASSWORDS);

/**
 * True for a password from the bundled list (compared without case), for one
 * made of a single repeated character ('      ', 'aaaaaaaa'), which no list
 * can enumerate, and for one built on a common word or a run
 * (passwordRules.ts: 'Password1!', 'Summer2026!', '123456789012').
 */
export function isCommonPassword(password: string): boolean {
  if (COMMON.has(password.toLowerCase())) return true;
  if ([...password].every((character) => character === password[0])) return true;
  return isGuessablePassword(password, COMMON);
}

/** The one problem of a new password, or null. Staff need 12 characters. */
export function passwordProblem(
  password: string,
  options: { staff?: boolean } = {},
): string | null {
  if (password.length < 6) return PASSWORD_MIN_MESSAGE;
  if (password.length > PASSWORD_MAX) return PASSWORD_MAX_MESSAGE;
  if (options.staff && password.length < STAFF_PASSWORD_MIN) return STAFF_PASSWORD_MESSAGE;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}

/** A password being chosen (signup, reset, change): the spec's minimum, then the common list. */
export const newPasswordField = () =>
  z
    .string({ error: PASSWORD_MIN_MESSAGE })
    .min(6, PASSWORD_MIN_MESSAGE)
    .max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE)
    .refine((value) => !isCommonPassword(value), COMMON_PASSWORD_MESSAGE);

const currentPasswordField = () =>
  z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE);

const PASSWORDS_DIFFER = "Passwords don't match";

/**
 * A form whose `confirmPassword` must repeat its new password (the field
 * `field`): "Passwords don't match" on confirmPassword otherwise.
 */
export function withConfirmedPassword<Shape extends z.ZodRawShape>(
  shape: Shape,
  field: keyof Shape & string,
) {
  return z
    .object({ ...shape, confirmPassword: z.string({ error: PASSWORDS_DIFFER }) })
    .refine((v: Record<string, unknown>) => v[field] === v.confirmPassword, {
      message: PASSWORDS_DIFFER,
      path: ['confirmPassword'],
    });
}

/** POST /api/user/password. */
export const PasswordChangeSchema = withConfirmedPassword(
  { currentPassword: currentPasswordField(), newPassword: newPasswordField() },
  'newPassword',
);
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** DELETE /api/user: the current password confirms it. */
export const AccountDeletionSchema = z.object({ currentPassword: currentPasswordField() });
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

export const TOTP_CODE_MESSAGE = 'Please enter the 6-digit code from your authenticator app';

/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx). */
export const SecondFactorCodeSchema = z.object({
  code: requiredText(32, TOTP_CODE_MESSAGE, TOTP_CODE_MESSAGE, 6),
});
export type SecondFactorCode = z.infer<typeof SecondFactorCodeSchema>;

/** Turning the second factor off needs the password and a current code. */
export const SecondFactorDisableSchema = z.object({
  currentPassword: currentPasswordField(),
  code: SecondFactorCodeSchema.shape.code,
});
export type SecondFactorDisable = z.infer<typeof SecondFactorDisableSchema>;

/** PUT /api/admin/security-policy (owner). */
export const SecurityPolicySchema = z.object({
  staffTotpRequired: z.boolean({ error: 'staffTotpRequired must be true or false' }),
});
export type SecurityPolicy = z.infer<typeof SecurityPolicySchema>;

/** One signed-in device of GET /api/user/sessions. */
export interface SessionView {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  current: boolean;
}

/** GET /api/user/second-factor and the staff panel. */
export interface SecondFactorStatus {
  enabled: boolean;
  required: boolean;
  /** Why it is required: the owner's policy, or on by default for new staff (issue 27). */
  requiredBy?: 'policy' | 'new-staff' | null;
  recoveryCodesLeft: number;
}
