import { Link } from 'react-router-dom';
import { ROUTES } from '@bakery/core';
import { AuthCard, AuthSubmit } from '../../components/AuthCard';
import { FormField, NEW_PASSWORD_HINT, PasswordField } from '../../components/FormField';
import { NETWORK_FAILURE, useForm } from '../../components/useForm';
import { useSignIn } from './useSignIn';

export default function SignupPage() {
  const signUp = useSignIn(ROUTES.signup, (user) => ({
    title: `Welcome, ${user.firstName}!`,
    description: 'Your account has been created.',
  }));
  const form = useForm({
    initial: { firstName: '', lastName: '', email: '', phone: '', password: '' },
    schema: (s) => s.SignupSchema,
    failure: {
      title: 'Sign up failed',
      fallback: 'Failed to create account',
      network: NETWORK_FAILURE,
    },
    send: signUp,
  });

  return (
    <AuthCard title="Create Account">
      <form onSubmit={form.onSubmit} noValidate>
        <div className="field-row">
          <FormField label="First name" autoComplete="given-name" {...form.field('firstName')} />
          <FormField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <FormField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
        <PasswordField
          fresh
          label="Password"
          hint={NEW_PASSWORD_HINT}
          {...form.field('password')}
        />
        <AuthSubmit busy={form.busy} busyText="Creating Account...">
          Sign Up
        </AuthSubmit>
      </form>
      <p className="form-footer">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </AuthCard>
  );
}
