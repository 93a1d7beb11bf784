import { Link } from 'react-router-dom';
import { ROUTES } from '@bakery/core';
import { AuthCard, AuthSubmit } from '../../components/AuthCard';
import { FormField, PasswordField } from '../../components/FormField';
import { NETWORK_FAILURE, useForm } from '../../components/useForm';
import { useSignIn } from './useSignIn';

export default function LoginPage() {
  const signIn = useSignIn(ROUTES.login, (user) => ({
    title: `Welcome back, ${user.firstName}!`,
    description: "You're now signed in.",
  }));
  const form = useForm({
    initial: { email: '', password: '' },
    schema: (s) => s.LoginSchema,
    failure: { title: 'Login failed', fallback: 'Failed to log in', network: NETWORK_FAILURE },
    send: signIn,
  });

  return (
    <AuthCard title="Sign In">
      <form onSubmit={form.onSubmit} noValidate>
        <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField label="Password" {...form.field('password')} />
        <p className="form-aside">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <AuthSubmit busy={form.busy} busyText="Signing In...">
          Sign In
        </AuthSubmit>
      </form>
      <p className="form-footer">
        Don't have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthCard>
  );
}
