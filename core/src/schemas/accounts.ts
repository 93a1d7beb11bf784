// Account forms and payloads (spec section 5, "Accounts").
import { z } from 'zod';
import { emailField, optionalPhoneField, passwordField, phoneField } from './common';
import { newPasswordField } from './passwords';

export const LoginSchema = z.object({
  email: emailField('Please enter a valid email address'),
  password: passwordField(),
});
export type Login = z.infer<typeof LoginSchema>;

export const SignupSchema = z.object({
  email: emailField('Please enter a valid email address', {
    length: 255,
    message: 'Email cannot exceed 255 characters',
  }),
  password: newPasswordField(),
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name cannot exceed 100 characters'),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name cannot exceed 100 characters'),
  phone: phoneField(),
});
export type Signup = z.infer<typeof SignupSchema>;

export const ForgotPasswordSchema = z.object({
  email: emailField('Please enter a valid email address'),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: 'Reset token is required' }).trim().min(1, 'Reset token is required'),
    password: newPasswordField(),
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const AdminLoginSchema = z.object({
  email: emailField('Please enter a valid email'),
  password: passwordField(),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

/** PATCH /api/user: any of the three; a blank phone clears it. */
export const ProfileUpdateSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name cannot exceed 100 characters')
    .optional(),
  lastName: z
    .string()
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name cannot exceed 100 characters')
    .optional(),
  phone: optionalPhoneField().optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
