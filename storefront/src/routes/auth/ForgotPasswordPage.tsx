import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@bakery/core';
import { api, refuseUnlessSuccess } from '../../api/client';
import { AuthCard, AuthSubmit } from '../../components/AuthCard';
import { FormField } from '../../components/FormField';
import { useForm } from '../../components/useForm';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useForm({
    initial: { email: '' },
    schema: (s) => s.ForgotPasswordSchema,
    failure: { title: 'Error', fallback: 'Failed to send reset email. Please try again.' },
    send: async (data) => {
      refuseUnlessSuccess(await api.call(ROUTES.forgotPassword, { body: data }));
      setSent(true);
    },
  });
  const { email } = form.values;
  if (sent) {
    return (
      <AuthCard title="Check Your Email" center>
        <p>
          If an account exists for {email}, we've sent a link to reset your password. The link
          expires soon, so use it right away.
        </p>
        <div className="button-row">
          <button type="button" className="btn btn-secondary" onClick={() => setSent(false)}>
            Try Again
          </button>
          <Link to="/login" className="btn btn-primary">
            Back to Login
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Forgot Password">
      <p>Enter your email and we'll send you a link to reset your password.</p>
      <form onSubmit={form.onSubmit} noValidate>
        <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <AuthSubmit busy={form.busy} busyText="Sending...">
          Send Reset Link
        </AuthSubmit>
      </form>
      <p className="form-footer">
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}
