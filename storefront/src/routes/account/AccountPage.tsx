// /account (issue 14): the customer's own details, e-mail, password,
// signed-in devices, data export and account deletion. Every form checks with
// core's schema first; the server checks again with the same schema.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AccountDeletionSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  formatLongDate,
  type SessionView,
  type UserView,
} from '@bakery/core';
import { apiRequest, errorMessage } from '../../api/client';
import { USER_KEY, useUser } from '../../api/queries';
import { clearCart } from '../../cart/cartStore';
import { FormField, fieldErrors } from '../../components/FormField';
import { Loading } from '../../components/Loading';
import { useToast } from '../../components/Toast';

type Errors = Record<string, string>;
const SESSIONS_KEY = ['/api/user/sessions'] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Runs a form's request with its toasts; answers the parsed JSON body or null on failure. */
function useSubmit() {
  const toast = useToast();
  return async function run<T>(
    busy: (b: boolean) => void,
    request: () => Promise<Response>,
    success: string,
    failure: string,
  ): Promise<T | null> {
    busy(true);
    try {
      const res = await request();
      const text = await res.text();
      toast({ title: success });
      return (text ? JSON.parse(text) : {}) as T;
    } catch (error) {
      toast({ title: failure, description: errorMessage(error, failure), variant: 'destructive' });
      return null;
    } finally {
      busy(false);
    }
  };
}

function ProfileForm({ user }: { user: UserView }) {
  const queryClient = useQueryClient();
  const run = useSubmit();
  const [values, setValues] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = ProfileUpdateSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const saved = await run<UserView>(
      setBusy,
      () => apiRequest('PATCH', '/api/user', parsed.data),
      'Profile updated',
      'Profile not updated',
    );
    if (saved) queryClient.setQueryData(USER_KEY, saved);
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <div className="field-row">
        <FormField
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={(e) => setValues({ ...values, firstName: e.target.value })}
        />
        <FormField
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={(e) => setValues({ ...values, lastName: e.target.value })}
        />
      </div>
      <FormField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        value={values.phone}
        error={errors.phone}
        hint="Used on your orders; leave blank to remove it."
        onChange={(e) => setValues({ ...values, phone: e.target.value })}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Save Details'}
      </button>
    </form>
  );
}

function EmailForm({ user }: { user: UserView }) {
  const queryClient = useQueryClient();
  const run = useSubmit();
  const [values, setValues] = useState({ email: '', currentPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = EmailChangeSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const saved = await run<UserView>(
      setBusy,
      () => apiRequest('PATCH', '/api/user/email', parsed.data),
      'E-mail address changed',
      'E-mail address not changed',
    );
    if (saved) {
      queryClient.setQueryData(USER_KEY, saved);
      setValues({ email: '', currentPassword: '' });
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <p>
        Current address: <strong className="break-anywhere">{user.email}</strong>
      </p>
      <FormField
        label="New e-mail address"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
      />
      <FormField
        label="Current password"
        id="email-current-password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(e) => setValues({ ...values, currentPassword: e.target.value })}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Change E-mail'}
      </button>
    </form>
  );
}

function PasswordForm() {
  const queryClient = useQueryClient();
  const run = useSubmit();
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = PasswordChangeSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const done = await run<{ success: boolean; message: string }>(
      setBusy,
      () => apiRequest('POST', '/api/user/password', parsed.data),
      'Password changed',
      'Password not changed',
    );
    if (done) {
      setValues(empty);
      // Other devices are signed out by the server: the list changes.
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    }
  }

  const field = (key: keyof typeof empty, label: string, autoComplete: string) => (
    <FormField
      label={label}
      id={`password-${key}`}
      type="password"
      autoComplete={autoComplete}
      value={values[key]}
      error={errors[key]}
      onChange={(e) => setValues({ ...values, [key]: e.target.value })}
    />
  );
  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password')}
      {field('confirmPassword', 'Confirm new password', 'new-password')}
      <p className="hint">Changing your password signs you out on your other devices.</p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Change Password'}
      </button>
    </form>
  );
}

function deviceName(agent: string | null): string {
  if (!agent) return 'Unknown device';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone|iPad/.test(agent)
    ? 'iOS'
    : /Android/.test(agent)
      ? 'Android'
      : /Mac OS X/.test(agent)
        ? 'macOS'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : 'another system';
  return `${browser} on ${system}`;
}

function Sessions() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const sessions = useQuery<{ sessions: SessionView[] }>({ queryKey: SESSIONS_KEY });
  async function signOut(id: string) {
    try {
      await apiRequest('DELETE', `/api/user/sessions/${encodeURIComponent(id)}`);
      toast({ title: 'Device signed out' });
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    } catch (error) {
      toast({
        title: 'Device not signed out',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }
  if (sessions.isLoading) return <Loading text="Loading your devices..." />;
  if (sessions.isError || !sessions.data)
    return <p className="muted">Your signed-in devices cannot be listed just now.</p>;
  return (
    <ul className="session-list">
      {sessions.data.sessions.map((s) => (
        <li key={s.id}>
          <span>
            <strong>{deviceName(s.userAgent)}</strong>
            {s.current ? ' (this device)' : ''}
            <br />
            <span className="muted">
              Signed in {formatLongDate(s.createdAt)}, last seen {formatLongDate(s.lastSeenAt)}
            </span>
          </span>
          {!s.current && (
            <button type="button" className="btn btn-secondary" onClick={() => void signOut(s.id)}>
              Sign out<span className="sr-only"> {deviceName(s.userAgent)}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function DeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const run = useSubmit();
  const [currentPassword, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function remove(e: FormEvent) {
    e.preventDefault();
    const parsed = AccountDeletionSchema.safeParse({ currentPassword });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const done = await run(
      setBusy,
      () => apiRequest('DELETE', '/api/user', parsed.data),
      'Your account was deleted',
      'Account not deleted',
    );
    if (done) {
      clearCart();
      queryClient.clear();
      queryClient.setQueryData(USER_KEY, null);
      void navigate('/');
    }
  }
  return (
    <form onSubmit={(e) => void remove(e)} noValidate>
      <p>
        Deleting your account removes your details and signs you out everywhere. Orders already
        placed are kept for our records, without your account.
      </p>
      <FormField
        label="Current password"
        id="delete-current-password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        error={error}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="btn btn-danger" disabled={busy}>
        {busy ? 'Deleting...' : 'Delete My Account'}
      </button>
    </form>
  );
}

export default function AccountPage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <Loading />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <section className="container page narrow account-page">
      <header className="page-header">
        <h1>Your Account</h1>
        <p className="lead">
          Signed in as {user.firstName} {user.lastName}
        </p>
      </header>
      <Section id="profile-heading" title="Your Details">
        <ProfileForm user={user} />
      </Section>
      <Section id="email-heading" title="E-mail Address">
        <EmailForm user={user} />
      </Section>
      <Section id="password-heading" title="Password">
        <PasswordForm />
      </Section>
      <Section id="devices-heading" title="Signed-in Devices">
        <Sessions />
      </Section>
      <Section id="export-heading" title="Your Data">
        <p>Download everything we hold about you: your details, orders and reviews.</p>
        <a className="btn btn-secondary" href="/api/user/export" download>
          Download My Data
        </a>
      </Section>
      <Section id="delete-heading" title="Delete Account">
        <DeleteAccount />
      </Section>
    </section>
  );
}
