import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { UserView } from '@bakery/core';
import { apiRequest } from '../../api/client';
import { USER_KEY } from '../../api/queries';
import { afterSignIn } from '../../cart/afterSignIn';
import { FormField, SubmitButton } from '../../components/FormField';
import { useToast } from '../../components/Toast';
import { NETWORK_FAILURE, useForm } from '../../components/useForm';

export default function SignupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm({
    initial: { firstName: '', lastName: '', email: '', phone: '', password: '' },
    schema: (s) => s.SignupSchema,
    failure: {
      title: 'Sign up failed',
      fallback: 'Failed to create account',
      network: NETWORK_FAILURE,
    },
    send: async (data) => {
      const res = await apiRequest('POST', '/api/signup', data);
      const { user } = (await res.json()) as { user: UserView };
      queryClient.setQueryData(USER_KEY, user);
      toast({
        title: `Welcome, ${user.firstName}!`,
        description: 'Your account has been created.',
      });
      afterSignIn((path) => void navigate(path), toast);
    },
  });

  return (
    <section className="container page narrow">
      <div className="card auth-card">
        <h1>Create Account</h1>
        <form onSubmit={form.onSubmit} noValidate>
          <div className="field-row">
            <FormField label="First name" autoComplete="given-name" {...form.field('firstName')} />
            <FormField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
          </div>
          <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <FormField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters"
            {...form.field('password')}
          />
          <SubmitButton
            busy={form.busy}
            busyText="Creating Account..."
            className="btn btn-primary btn-block"
          >
            Sign Up
          </SubmitButton>
        </form>
        <p className="form-footer">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </section>
  );
}
