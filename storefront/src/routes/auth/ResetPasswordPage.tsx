import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ROUTES } from '@bakery/core';
import { api, refuseUnlessSuccess } from '../../api/client';
import { AuthCard, AuthSubmit } from '../../components/AuthCard';
import { NEW_PASSWORD_HINT, PasswordField } from '../../components/FormField';
import { useForm } from '../../components/useForm';

const REDIRECT_MS = 3000;

function InvalidLink() {
  return (
    <AuthCard title="Invalid Reset Link" center>
      <p role="alert">Invalid reset link. Please request a new password reset.</p>
      <div className="button-row">
        <Link to="/forgot-password" className="btn btn-primary">
          Request New Link
        </Link>
        <Link to="/login" className="btn btn-secondary">
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}

export default function ResetPasswordPage() {
  const { token } = useParams();
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  const navigate = useNavigate();
  const form = useForm({
    initial: { password: '', confirmPassword: '' },
    schema: (s) => s.ResetPasswordSchema,
    input: (values) => ({ token, ...values }),
    failure: { title: 'Error', fallback: 'Failed to reset password. Please try again.' },
    send: async (data) => {
      refuseUnlessSuccess(await api.call(ROUTES.resetPassword, { body: data }));
      setState('done');
    },
    onRefused: (message) => {
      if (!message.includes('Invalid or expired')) return false;
      setState('invalid');
      return true;
    },
  });

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => void navigate('/login'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  if (state === 'invalid') return <InvalidLink />;

  if (state === 'done') {
    return (
      <AuthCard title="Password Reset Complete" center>
        <p role="status">Your password has been changed. Taking you to the sign-in page...</p>
        <Link to="/login" className="btn btn-primary">
          Go to Login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset Password">
      <form onSubmit={form.onSubmit} noValidate>
        <PasswordField
          fresh
          label="New password"
          hint={NEW_PASSWORD_HINT}
          {...form.field('password')}
        />
        <PasswordField
          fresh
          label="Confirm password"
          {...form.field('confirmPassword')}
          error={form.errors.confirmPassword ?? form.errors.token}
        />
        <AuthSubmit busy={form.busy} busyText="Resetting...">
          Reset Password
        </AuthSubmit>
      </form>
    </AuthCard>
  );
}
