import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { UserView } from '@bakery/core';
import { apiRequest } from '../../api/client';
import { USER_KEY } from '../../api/queries';
import { afterSignIn } from '../../cart/afterSignIn';
import { FormField, SubmitButton } from '../../components/FormField';
import { useToast } from '../../components/Toast';
import { NETWORK_FAILURE, useForm } from '../../components/useForm';

export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm({
    initial: { email: '', password: '' },
    schema: (s) => s.LoginSchema,
    failure: { title: 'Login failed', fallback: 'Failed to log in', network: NETWORK_FAILURE },
    send: async (data) => {
      const res = await apiRequest('POST', '/api/login', data);
      const { user } = (await res.json()) as { user: UserView };
      queryClient.setQueryData(USER_KEY, user);
      toast({ title: `Welcome back, ${user.firstName}!`, description: "You're now signed in." });
      afterSignIn((path) => void navigate(path), toast);
    },
  });

  return (
    <section className="container page narrow">
      <div className="card auth-card">
        <h1>Sign In</h1>
        <form onSubmit={form.onSubmit} noValidate>
          <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <FormField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...form.field('password')}
          />
          <p className="form-aside">
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
          <SubmitButton
            busy={form.busy}
            busyText="Signing In..."
            className="btn btn-primary btn-block"
          >
            Sign In
          </SubmitButton>
        </form>
        <p className="form-footer">
          Don't have an account? <Link to="/signup">Sign up</Link>
        </p>
      </div>
    </section>
  );
}
