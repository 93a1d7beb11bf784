import { useState, type FormEvent } from 'react';
import { Button, Callout, Card } from '../ui/blueprint';
import { firstIssues, TextField } from '../ui/fields';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { AdminLoginSchema, ROUTES } from '@bakery/core';
import { ApiError, apiUrl, client as apiClient, messageOf } from '../api/client';
import { toast } from '../ui/toaster';
import { ME_KEY, useAdminSession } from './adminSession';
import { SecondFactorStep } from './SecondFactorStep';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Where to go after signing in: a back-office URL only (never another site). */
export function returnPath(next: string | null): string {
  return next && next.startsWith('/admin/') && !next.startsWith('/admin/login')
    ? next
    : '/admin/dashboard';
}

/** The login URL that says the session ended and comes back to `current`. */
export function loginAfterExpiry(current: string): string {
  return `/admin/login?expired=1&next=${encodeURIComponent(current)}`;
}

const CREDENTIALS = [
  { key: 'email', label: 'Email', autoComplete: 'username' },
  { key: 'password', label: 'Password', autoComplete: 'current-password' },
] as const;

export function AdminLoginPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // After a right password, a staff member with a second factor enters a code.
  const [codeStep, setCodeStep] = useState(false);
  const [params] = useSearchParams();
  const expired = params.get('expired') === '1';
  const next = returnPath(params.get('next'));
  // A signed-in admin or owner (automatic admin session) skips the form.
  const session = useAdminSession();

  const signedIn = async () => {
    await client.invalidateQueries({ queryKey: ME_KEY });
    void navigate(next, { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = AdminLoginSchema.safeParse(credentials);
    if (!parsed.success) return setErrors(firstIssues(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      await apiClient.call(ROUTES.adminLogin, { body: parsed.data });
      await signedIn();
    } catch (err) {
      if (err instanceof ApiError && errorCode(err) === 'second_factor_required') {
        setCredentials((p) => ({ ...p, password: '' }));
        setCodeStep(true);
        return;
      }
      toast('Login Failed', messageOf(err, 'Invalid admin credentials'));
    } finally {
      setBusy(false);
    }
  };

  if (session.state === 'ready') return <Navigate to={next} replace />;
  return (
    <Card className="login-box" elevation={2}>
      <h1 className="bp6-heading" style={{ fontSize: 22 }}>
        Admin Login
      </h1>
      {expired && (
        <Callout intent="warning" role="alert" className="banner">
          {SESSION_ENDED_MESSAGE}
        </Callout>
      )}
      {codeStep ? (
        <SecondFactorStep onDone={signedIn} onCancel={() => setCodeStep(false)} />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          {CREDENTIALS.map((c) => (
            <TextField
              key={c.key}
              id={`admin-${c.key}`}
              label={c.label}
              type={c.key}
              autoComplete={c.autoComplete}
              value={credentials[c.key]}
              onChange={(v) => setCredentials((p) => ({ ...p, [c.key]: v }))}
              error={errors[c.key]}
              autoFocus={c.key === 'email'}
            />
          ))}
          <Button type="submit" intent="primary" fill loading={busy} text="Sign In" />
        </form>
      )}
      <p style={{ marginTop: 16 }}>
        <a href={apiUrl('/login')}>Back to regular login</a>
      </p>
    </Card>
  );
}

const errorCode = (err: ApiError) => (err.body as { code?: unknown } | null)?.code;
