import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ResetPasswordSchema } from '@bakery/core';
import { apiRequest, errorMessage } from '../../api/client';
import { FormField, fieldErrors } from '../../components/FormField';
import { useToast } from '../../components/Toast';

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
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => void navigate('/login'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  if (state === 'invalid') return <InvalidLink />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ResetPasswordSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await apiRequest('POST', '/api/reset-password', parsed.data);
      const body = (await res.json()) as { success?: boolean; message?: string };
      if (!body.success) throw new Error(`400: ${JSON.stringify({ message: body.message })}`);
      setState('done');
    } catch (err) {
      const message = errorMessage(err, 'Failed to reset password. Please try again.');
      if (message.includes('Invalid or expired')) setState('invalid');
      else toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

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
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FormField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters"
            value={values.password}
            error={errors.password}
            onChange={(e) => setValues({ ...values, password: e.target.value })}
          />
          <FormField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={errors.confirmPassword ?? errors.token}
            onChange={(e) => setValues({ ...values, confirmPassword: e.target.value })}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Resetting...' : 'Reset Password'}
          </button>
        </form>
      </div>
    </section>
  );
}
