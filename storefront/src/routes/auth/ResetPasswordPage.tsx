import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { postForSuccess } from '../../api/client';
import { FormField, SubmitButton } from '../../components/FormField';
import { useForm } from '../../components/useForm';

const REDIRECT_MS = 3000;

function InvalidLink() {
  return (
    <section className="container page narrow">
      <div className="card auth-card center">
        <h1>Invalid Reset Link</h1>
        <p role="alert">Invalid reset link. Please request a new password reset.</p>
        <div className="button-row">
          <Link to="/forgot-password" className="btn btn-primary">
            Request New Link
          </Link>
          <Link to="/login" className="btn btn-secondary">
            Back to Login
          </Link>
        </div>
      </div>
    </section>
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
      await postForSuccess('/api/reset-password', data);
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
      <section className="container page narrow">
        <div className="card auth-card center">
          <h1>Password Reset Complete</h1>
          <p role="status">Your password has been changed. Taking you to the sign-in page...</p>
          <Link to="/login" className="btn btn-primary">
            Go to Login
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="container page narrow">
      <div className="card auth-card">
        <h1>Reset Password</h1>
        <form onSubmit={form.onSubmit} noValidate>
          <FormField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters"
            {...form.field('password')}
          />
          <FormField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            {...form.field('confirmPassword')}
            error={form.errors.confirmPassword ?? form.errors.token}
          />
          <SubmitButton
            busy={form.busy}
            busyText="Resetting..."
            className="btn btn-primary btn-block"
          >
            Reset Password
          </SubmitButton>
        </form>
      </div>
    </section>
  );
}
