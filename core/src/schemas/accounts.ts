// Account forms and payloads (spec section 5, "Accounts").
import { z } from 'zod';
import {
  EMAIL_MAX,
  emailField,
  optionalPhoneField,
  passwordField,
  personNameField,
  phoneField,
  requiredText,
} from './common';
import { newPasswordField, withConfirmedPassword } from './passwords';

/**
 * First and last name are each at most 49 characters, so "first last" fits an
 * order's customerName (100 characters) with room to spare (issue 15).
 */
export const NAME_PART_MAX = 49;

const firstNameField = () =>
  personNameField(
    'First name',
    { length: 1, message: 'First name is required' },
    { length: NAME_PART_MAX, message: `First name cannot exceed ${NAME_PART_MAX} characters` },
  );
const lastNameField = () =>
  personNameField(
    'Last name',
    { length: 1, message: 'Last name is required' },
    { length: NAME_PART_MAX, message: `Last name cannot exceed ${NAME_PART_MAX} characters` },
  );

/** An account's e-mail (at most 255 characters); `invalid` is the form's own wording. */
const accountEmailField = (invalid: string) => emailField(invalid, EMAIL_MAX);

export const LoginSchema = z.object({
  email: accountEmailField('Please enter a valid email address'),
  password: passwordField(),
});
export type Login = z.infer<typeof LoginSchema>;

export const SignupSchema = z.object({
  email: accountEmailField('Please enter a valid email address'),
  password: newPasswordField(),
  firstName: firstNameField(),
  lastName: lastNameField(),
  phone: phoneField(),
});
export type Signup = z.infer<typeof SignupSchema>;

export const ForgotPasswordSchema = z.object({
  email: emailField('Please enter a valid email address'),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = withConfirmedPassword(
  {
    token: z.string({ error: 'Reset token is required' }).trim().min(1, 'Reset token is required'),
    password: newPasswordField(),
  },
  'password',
);
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const AdminLoginSchema = z.object({
  email: accountEmailField('Please enter a valid email'),
  password: passwordField(),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

/** PATCH /api/user: any of the three; a blank phone clears it. Names follow the one name rule. */
export const ProfileUpdateSchema = z.object({
  firstName: firstNameField().optional(),
  lastName: lastNameField().optional(),
  phone: optionalPhoneField().optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** PATCH /api/user/email: the new address, confirmed with the current password. */
export const EmailChangeSchema = z.object({
  email: accountEmailField('Please enter a valid email address').transform((e) => e.toLowerCase()),
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required'),
});
export type EmailChange = z.infer<typeof EmailChangeSchema>;

/** The answer to an e-mail change, the same whether the new address has an account or not. */
export const emailChangeSentMessage = (email: string) =>
  `We have sent a confirmation link to ${email}. Your e-mail address changes once you follow it.`;
export const EMAIL_UNCHANGED_MESSAGE = 'That is already your e-mail address.';
export const EMAIL_LINK_INVALID =
  'This link is invalid or has expired. Please ask for the change again on your account page.';

/** POST /api/user/email/confirm and /api/user/email/undo: the token of the mailed link. */
export const EmailLinkSchema = z.object({
  token: requiredText(128, 'The link is incomplete', 'The link is incomplete'),
});
export type EmailLink = z.infer<typeof EmailLinkSchema>;

/** A staff member with a second factor changes the password or e-mail only in a session that entered a code. */
export const ACCOUNT_CHANGE_NEEDS_SECOND_FACTOR =
  'Staff accounts change their password or e-mail only after signing in with their authenticator code. Please sign in at the staff sign-in (/admin/login) first.';

/**
 * Issue 39, finding 5: the rest of a 2FA staff member's account (signed-in
 * devices, profile, data export) also needs a session that entered a code.
 */
export const ACCOUNT_NEEDS_SECOND_FACTOR =
  'Staff accounts see their devices, change their profile or export their data only after signing in with their authenticator code. Please sign in at the staff sign-in (/admin/login) first.';
