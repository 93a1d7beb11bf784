import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { LoginSchema, type UserView } from '@bakery/core';
import { apiRequest, errorMessage, isNetworkError } from '../../api/client';
import { USER_KEY } from '../../api/queries';
import { afterSignIn } from '../../cart/afterSignIn';
import { FormField, fieldErrors } from '../../components/FormField';
import { useToast } from '../../components/Toast';

export default function LoginPage() {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = LoginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await apiRequest('POST', '/api/login', parsed.data);
      const { user } = (await res.json()) as { user: UserView };
      queryClient.setQueryData(USER_KEY, user);
      toast({ title: `Welcome back, ${user.firstName}!`, description: "You're now signed in." });
      afterSignIn((path) => void navigate(path), toast);
    } catch (error) {
      const message = isNetworkError(error)
        ? 'Something went wrong. Please try again.'
        : errorMessage(error, 'Failed to log in');
      toast({ title: 'Login failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="container page narrow">
      <div className="card auth-card">
        <h1>Sign In</h1>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
          />
          <FormField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            onChange={(e) => setValues({ ...values, password: e.target.value })}
          />
          <p className="form-aside">
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Signing In...' : 'Sign In'}
          </button>
        </form>
        <p className="form-footer">
          Don't have an account? <Link to="/signup">Sign up</Link>
        </p>
      </div>
    </section>
  );
}
