import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ForgotPasswordSchema } from '@bakery/core';
import { apiRequest, errorMessage } from '../../api/client';
import { FormField, fieldErrors } from '../../components/FormField';
import { useToast } from '../../components/Toast';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ForgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).email);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const res = await apiRequest('POST', '/api/forgot-password', parsed.data);
      const body = (await res.json()) as { success?: boolean; message?: string };
      if (!body.success) throw new Error(`400: ${JSON.stringify({ message: body.message })}`);
      setSent(true);
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to send reset email. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <section className="container page narrow">
        <div className="card auth-card center">
          <h1>Check Your Email</h1>
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
        </div>
      </section>
    );
  }
  return (
    <section className="container page narrow">
      <div className="card auth-card">
        <h1>Forgot Password</h1>
        <p>Enter your email and we'll send you a link to reset your password.</p>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            error={error}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </button>
        </form>
        <p className="form-footer">
          <Link to="/login">Back to Login</Link>
        </p>
      </div>
    </section>
  );
}
