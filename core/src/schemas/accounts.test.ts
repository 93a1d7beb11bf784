import { describe, expect, it } from 'vitest';
import {
  AdminLoginSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
  SignupSchema,
} from './accounts';
import { messageAt, messagesOf } from './testing';

const signup = {
  email: 'ann@example.com',
  password: 'rye-loaf-1',
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '(850) 555-0100',
};

describe('login', () => {
  it('accepts a valid email and a 6-character password', () =>
    expect(LoginSchema.parse({ email: ' ann@example.com ', password: 'secret' })).toEqual({
      email: 'ann@example.com',
      password: 'secret',
    }));
  it.each([
    [{ email: 'ann', password: 'secret' }, 'email', 'Please enter a valid email address'],
    [{ password: 'secret' }, 'email', 'Please enter a valid email address'],
    [
      { email: 'ann@example.com', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    [{ email: 'ann@example.com' }, 'password', 'Password must be at least 6 characters'],
  ])('%o: %s "%s"', (input, path, message) =>
    expect(messageAt(LoginSchema, input, path)).toBe(message),
  );
});

describe('signup', () => {
  it('accepts a complete signup', () => expect(messagesOf(SignupSchema, signup)).toEqual([]));

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email cannot exceed 255 characters'],
    [{ password: 'abc' }, 'password', 'Password must be at least 6 characters'],
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ firstName: undefined }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ phone: '555-0100' }, 'phone', 'Phone number must be at least 10 digits'],
    [{ phone: '' }, 'phone', 'Phone number must be at least 10 digits'],
    [{ phone: '+1 (850) 555-0100 12345' }, 'phone', 'Phone number cannot exceed 15 digits'],
    [{ phone: '850.555.0100' }, 'phone', 'Please enter a valid phone number'],
    [{ phone: '850-555-01OO' }, 'phone', 'Please enter a valid phone number'],
    [{ phone: '850+5550100' }, 'phone', 'Please enter a valid phone number'],
  ])('%o: %s "%s"', (over, path, message) => {
    expect(messageAt(SignupSchema, { ...signup, ...over }, path)).toBe(message);
    // One message per field, not a pile.
    expect(messagesOf(SignupSchema, { ...signup, ...over })).toHaveLength(1);
  });

  it.each([
    '8505550100',
    '+1 850 555 0100',
    '(850) 555-0100',
    '+44 20 7946 0958',
    '123456789012345',
  ])('accepts the phone %s', (phone) =>
    expect(messagesOf(SignupSchema, { ...signup, phone })).toEqual([]),
  );
});

describe('forgot and reset password', () => {
  it('forgot password needs a valid email', () => {
    expect(messagesOf(ForgotPasswordSchema, { email: 'ann@example.com' })).toEqual([]);
    expect(messagesOf(ForgotPasswordSchema, { email: 'ann@' })).toEqual([
      'Please enter a valid email address',
    ]);
  });

  const reset = { token: 'abc123', password: 'rye-loaf-1', confirmPassword: 'rye-loaf-1' };
  it.each([
    [{}, undefined, undefined],
    [{ token: '' }, 'token', 'Reset token is required'],
    [{ token: undefined }, 'token', 'Reset token is required'],
    [
      { password: 'abc', confirmPassword: 'abc' },
      'password',
      'Password must be at least 6 characters',
    ],
    [{ confirmPassword: 'rye-loaf-2' }, 'confirmPassword', "Passwords don't match"],
  ])('%o: %s "%s"', (over, path, message) => {
    const msgs = messagesOf(ResetPasswordSchema, { ...reset, ...over });
    if (!path) expect(msgs).toEqual([]);
    else expect(messageAt(ResetPasswordSchema, { ...reset, ...over }, path)).toBe(message);
  });
});

describe('admin login', () => {
  it.each([
    [{ email: 'owner@example.com', password: 'secret' }, []],
    [{ email: 'owner', password: 'secret' }, ['Please enter a valid email']],
    [{ email: 'owner@example.com', password: 'short' }, ['Password must be at least 6 characters']],
  ])('%o -> %o', (input, messages) =>
    expect(messagesOf(AdminLoginSchema, input)).toEqual(messages),
  );
});

describe('profile update', () => {
  it('takes any of the fields; a blank phone clears it', () => {
    expect(ProfileUpdateSchema.parse({})).toEqual({});
    expect(ProfileUpdateSchema.parse({ phone: '' })).toEqual({ phone: null });
    expect(ProfileUpdateSchema.parse({ firstName: ' Ann ', phone: '850 555 0100' })).toEqual({
      firstName: 'Ann',
      phone: '850 555 0100',
    });
  });
  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: ' ' }, 'Last name is required'],
    [{ phone: '12345' }, 'Phone number must be at least 10 digits'],
    [{ phone: 'call me' }, 'Please enter a valid phone number'],
  ])('%o -> "%s"', (input, message) =>
    expect(messagesOf(ProfileUpdateSchema, input)).toEqual([message]),
  );
});
