// The schemas of the shop's forms, in a chunk of their own: useForm loads it
// on the first keystroke (or submit), so zod is not part of any page's first
// load. The server checks every request again with the same schemas.
export {
  AccountDeletionSchema,
  ContactMessageSchema,
  EmailChangeSchema,
  ForgotPasswordSchema,
  LoginSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
  ReviewSchema,
  SignupSchema,
} from '@bakery/core';
