import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itemsInCategory } from '@bakery/core';
import { cartByProduct, savePending } from '../../cart/cartStorage';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import ResetPasswordPage from './ResetPasswordPage';
import SignupPage from './SignupPage';
import { aUser } from '@bakery/test-support/fixtures';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const user = aUser();

describe('login', () => {
  it('checks the password length before calling the server', async () => {
    api = await startTestApi();
    renderScreen(<LoginPage />, { at: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's message when sign-in is refused", async () => {
    api = await startTestApi({
      'POST /api/login': { status: 401, body: { message: 'Invalid email or password' } },
    });
    renderScreen(<LoginPage />, { at: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('falls back to Failed to log in when the answer has no message', async () => {
    api = await startTestApi({ 'POST /api/login': { status: 500 } });
    renderScreen(<LoginPage />, { at: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Failed to log in')).toBeInTheDocument();
  });

  it('welcomes by first name, returns to the saved path and adds the pending item', async () => {
    const brownie = itemsInCategory('brownies')[0]!;
    savePending({ productId: brownie.id, quantity: 2 }, '/menu');
    api = await startTestApi({ 'POST /api/login': { body: { user } } });
    renderScreen(<LoginPage />, { at: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'sourdough');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/menu'));
    expect(api.calls[0]!.body).toEqual({ email: 'ada@example.com', password: 'sourdough' });
    expect(await screen.findByText('Item added to cart!')).toBeInTheDocument();
    expect(screen.getByText(`2 ${brownie.name} added to your cart.`)).toBeInTheDocument();
    expect(cartByProduct()).toEqual({ [brownie.id]: 2 });
    expect(localStorage.getItem('pendingCartItems')).toBeNull();
  });

  it('without a saved path goes to My Orders', async () => {
    api = await startTestApi({ 'POST /api/login': { body: { user } } });
    renderScreen(<LoginPage />, { at: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'sourdough');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my-orders'));
    expect(screen.getByText(/Ada/)).toBeInTheDocument();
  });
});

describe('signup', () => {
  it('shows the validation messages of spec section 5', async () => {
    api = await startTestApi();
    renderScreen(<SignupPage />, { at: '/signup' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Phone'), '12345');
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be at least 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('At least 6 characters')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('creates the account and shows the server message on a conflict', async () => {
    api = await startTestApi({
      'POST /api/signup': {
        status: 409,
        body: { message: 'An account with this email already exists' },
      },
    });
    renderScreen(<SignupPage />, { at: '/signup' });
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Baker');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Phone'), '(850) 555-1234');
    await userEvent.type(screen.getByLabelText('Password'), 'sourdough');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(
      await screen.findByText('An account with this email already exists'),
    ).toBeInTheDocument();
    api.on('POST /api/signup', { status: 201, body: { user } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my-orders'));
    expect(api.calls.at(-1)!.body).toMatchObject({ firstName: 'Ada', phone: '(850) 555-1234' });
  });
});

describe('forgot password', () => {
  it('confirms with Check Your Email, and Try Again brings the form back', async () => {
    api = await startTestApi({
      'POST /api/forgot-password': { body: { success: true, message: 'If the account exists...' } },
    });
    renderScreen(<ForgotPasswordPage />, { at: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('says Failed to send reset email when the server fails without a message', async () => {
    api = await startTestApi({ 'POST /api/forgot-password': { status: 500 } });
    renderScreen(<ForgotPasswordPage />, { at: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText('Failed to send reset email. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('without a token shows the invalid-link screen', async () => {
    api = await startTestApi();
    renderScreen(<ResetPasswordPage />, { at: '/reset-password', path: '/reset-password' });
    expect(
      screen.getByText('Invalid reset link. Please request a new password reset.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it("refuses passwords that don't match", async () => {
    api = await startTestApi();
    renderScreen(<ResetPasswordPage />, {
      at: '/reset-password/tok',
      path: '/reset-password/:token',
    });
    await userEvent.type(screen.getByLabelText('New password'), 'sourdough');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'rye-bread');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the token from the route, shows Password Reset Complete and goes to login after 3 seconds', async () => {
    api = await startTestApi({
      'POST /api/reset-password': { body: { success: true, message: 'Password updated' } },
    });
    renderScreen(<ResetPasswordPage />, {
      at: '/reset-password/tok-123',
      path: '/reset-password/:token',
    });
    await userEvent.type(screen.getByLabelText('New password'), 'sourdough');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'sourdough');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByRole('heading', { name: 'Password Reset Complete' }),
    ).toBeInTheDocument();
    expect(api.calls[0]!.body).toEqual({
      token: 'tok-123',
      password: 'sourdough',
      confirmPassword: 'sourdough',
    });
    const shown = Date.now();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(Date.now() - shown).toBeGreaterThanOrEqual(2000);
  });

  it('an invalid or expired token switches to the invalid-link screen', async () => {
    api = await startTestApi({
      'POST /api/reset-password': {
        status: 400,
        body: {
          success: false,
          message: 'Invalid or expired reset link. Please request a new one.',
        },
      },
    });
    renderScreen(<ResetPasswordPage />, {
      at: '/reset-password/old',
      path: '/reset-password/:token',
    });
    await userEvent.type(screen.getByLabelText('New password'), 'sourdough');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'sourdough');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Invalid reset link. Please request a new password reset.'),
    ).toBeInTheDocument();
  });
});
