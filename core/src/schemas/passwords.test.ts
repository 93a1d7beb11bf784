import { describe, expect, it } from 'vitest';
import { SignupSchema, ResetPasswordSchema } from './accounts';
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
  PasswordChangeSchema,
  passwordProblem,
  STAFF_PASSWORD_MESSAGE,
} from './passwords';
import { messageAt, messagesOf } from './testing';

describe('common passwords', () => {
  it.each(['123456', 'qwerty123', 'Password1', 'PASSWORD', 'iloveyou', '      ', 'aaaaaaaa'])(
    'refuses %o',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );
  it.each(['brand-new-1', 'Lemon loaf on Tuesday', 'bakery-secret-1'])('accepts %o', (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );

  const signup = {
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '(850) 555-0100',
  };
  it('signup and reset refuse a common password with the message, and keep the minimum of 6', () => {
    expect(messageAt(SignupSchema, { ...signup, password: 'qwerty' }, 'password')).toBe(
      COMMON_PASSWORD_MESSAGE,
    );
    expect(messageAt(SignupSchema, { ...signup, password: '12345' }, 'password')).toBe(
      'Password must be at least 6 characters',
    );
    expect(messagesOf(SignupSchema, { ...signup, password: 'rye-and-rue' })).toEqual([]);
    expect(
      messageAt(
        ResetPasswordSchema,
        { token: 't', password: '123456', confirmPassword: '123456' },
        'password',
      ),
    ).toBe(COMMON_PASSWORD_MESSAGE);
  });
});

describe('passwordProblem', () => {
  it('asks 12 characters of staff, 6 of customers', () => {
    expect(passwordProblem('rye-loaf-9')).toBeNull();
    expect(passwordProblem('rye-loaf-9', { staff: true })).toBe(STAFF_PASSWORD_MESSAGE);
    expect(passwordProblem('rye-loaf-9-long', { staff: true })).toBeNull();
    expect(passwordProblem('abc')).toBe('Password must be at least 6 characters');
    expect(passwordProblem('password1234', { staff: true })).toBe(COMMON_PASSWORD_MESSAGE);
  });
});

describe('password change', () => {
  const change = {
    currentPassword: 'old',
    newPassword: 'rye-loaf-9',
    confirmPassword: 'rye-loaf-9',
  };
  it.each([
    [{}, undefined, undefined],
    [{ currentPassword: '' }, 'currentPassword', 'Current password is required'],
    [
      { newPassword: 'abc', confirmPassword: 'abc' },
      'newPassword',
      'Password must be at least 6 characters',
    ],
    [{ newPassword: 'qwerty', confirmPassword: 'qwerty' }, 'newPassword', COMMON_PASSWORD_MESSAGE],
    [{ confirmPassword: 'rye-loaf-8' }, 'confirmPassword', "Passwords don't match"],
  ])('%o: %s "%s"', (over, path, message) => {
    if (!path) expect(messagesOf(PasswordChangeSchema, { ...change, ...over })).toEqual([]);
    else expect(messageAt(PasswordChangeSchema, { ...change, ...over }, path)).toBe(message);
  });
});

describe('issue 27: guessable passwords beyond the list', () => {
  it.each([
    'Password1!',
    'Summer2026!',
    'P@ssw0rd2024',
    'Winter2025',
    'Welcome1',
    'Bakery2026!',
    'qwertyuiop12',
    'abcabcabc',
    '20262026',
    '0987654321',
  ])('refuses %o with the common-password message', (password) =>
    expect(passwordProblem(password)).toBe(COMMON_PASSWORD_MESSAGE),
  );
  it('refuses 123456789012 for staff, whose minimum is 12', () =>
    expect(passwordProblem('123456789012', { staff: true })).toBe(COMMON_PASSWORD_MESSAGE));
  it('keeps the spec messages for the spec rules', () => {
    expect(passwordProblem('Sum1!')).toBe('Password must be at least 6 characters');
    expect(passwordProblem('Summer2026!', { staff: true })).toBe(STAFF_PASSWORD_MESSAGE);
  });
  it.each(['Dragonfly-on-2026', 'Sourdough-Starter-9', 'correct horse battery', 'rye-loaf-9'])(
    'accepts %o',
    (password) => expect(passwordProblem(password)).toBeNull(),
  );
});
