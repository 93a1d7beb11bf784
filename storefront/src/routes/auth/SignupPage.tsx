import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { SignupSchema, type UserView } from '@bakery/core';
import { apiRequest, errorMessage, isNetworkError } from '../../api/client';
import { USER_KEY } from '../../api/queries';
import { afterSignIn } from '../../cart/afterSignIn';
import { FormField, fieldErrors } from '../../components/FormField';
import { useToast } from '../../components/Toast';

export default function SignupPage() {
  const [values, setValues] = useState({
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    password: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const field = (key: keyof typeof values) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [key]: e.target.value }),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = SignupSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await apiRequest('POST', '/api/signup', parsed.data);
      const { user } = (await res.json()) as { user: UserView };
      queryClient.setQueryData(USER_KEY, user);
      toast({
        title: `Welcome, ${user.firstName}!`,
        description: 'Your account has been created.',
      });
      afterSignIn((path) => void navigate(path), toast);
    } catch (error) {
      const message = isNetworkError(error)
        ? 'Something went wrong. Please try again.'
        : errorMessage(error, 'Failed to create account');
      toast({ title: 'Sign up failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="container page narrow">
      <div className="card auth-card">
        <h1>Create Account</h1>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <div className="field-row">
            <FormField label="First name" autoComplete="given-name" {...field('firstName')} />
            <FormField label="Last name" autoComplete="family-name" {...field('lastName')} />
          </div>
          <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
          <FormField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters"
            {...field('password')}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Creating Account...' : 'Sign Up'}
          </button>
        </form>
        <p className="form-footer">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </section>
  );
}
