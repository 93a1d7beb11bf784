// /account (issue 14): the customer's own details, e-mail, password,
// signed-in devices, data export and account deletion. Every form checks with
// core's schema first; the server checks again with the same schema.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatLongDate,
  ROUTES,
  routeUrl,
  type BodyOf,
  type ProfileUpdateSchema,
  type UserView,
} from '@bakery/core';
import { api, errorMessage } from '../../api/client';
import { USER_KEY } from '../../api/queries';
import { clearCart } from '../../cart/cartStore';
import { FormField, PasswordField, SubmitButton } from '../../components/FormField';
import { Loading } from '../../components/Loading';
import { SignedIn } from '../../components/SignedIn';
import { useToast } from '../../components/Toast';
import { useForm } from '../../components/useForm';
const SESSIONS_KEY = [ROUTES.sessions.path] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A refused form's toast: its title, also its text when the answer carries no message. */
const outcome = (failure: string) => ({ title: failure, fallback: failure });

/**
 * A PATCH of the customer's record: the answer (the user as saved, `{}` when
 * empty) goes into the cache, after the `done` toast.
 */
function useSaveUser(done: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (data: BodyOf<typeof ProfileUpdateSchema>) => {
    const saved = (await api.call(ROUTES.updateUser, { body: data })) ?? ({} as UserView);
    toast({ title: done });
    queryClient.setQueryData(USER_KEY, saved);
  };
}

function ProfileForm({ user }: { user: UserView }) {
  const save = useSaveUser('Profile updated');
  const form = useForm({
    initial: { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' },
    schema: (s) => s.ProfileUpdateSchema,
    failure: outcome('Profile not updated'),
    send: save,
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <div className="field-row">
        <FormField label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <FormField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
      </div>
      <FormField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint="Used on your orders; leave blank to remove it."
        {...form.field('phone')}
      />
      <SubmitButton busy={form.busy} busyText="Saving...">
        Save Details
      </SubmitButton>
    </form>
  );
}

function EmailForm({ user }: { user: UserView }) {
  const toast = useToast();
  // The address changes only when the link mailed to it is followed (issue 27).
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '', currentPassword: '' },
    schema: (s) => s.EmailChangeSchema,
    failure: outcome('E-mail address not changed'),
    send: async (data) => {
      const answer = await api.call(ROUTES.changeEmail, { body: data });
      setSent(answer.message ?? null);
      toast({ title: 'Confirmation link sent', description: answer.message });
      form.reset();
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <p>
        Current address: <strong className="break-anywhere">{user.email}</strong>
      </p>
      {sent && (
        <p role="status" className="hint">
          {sent}
        </p>
      )}
      <FormField
        label="New e-mail address"
        type="email"
        autoComplete="email"
        {...form.field('email')}
      />
      <PasswordField
        label="Current password"
        id="email-current-password"
        {...form.field('currentPassword')}
      />
      <SubmitButton busy={form.busy} busyText="Saving...">
        Change E-mail
      </SubmitButton>
    </form>
  );
}

function PasswordForm() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm({
    initial: { currentPassword: '', newPassword: '', confirmPassword: '' },
    schema: (s) => s.PasswordChangeSchema,
    failure: outcome('Password not changed'),
    send: async (data) => {
      await api.call(ROUTES.changePassword, { body: data });
      toast({ title: 'Password changed' });
      form.reset();
      // Other devices are signed out by the server: the list changes.
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });

  const field = (key: keyof typeof form.values, label: string) => (
    <PasswordField
      label={label}
      id={`password-${key}`}
      fresh={key !== 'currentPassword'}
      {...form.field(key)}
    />
  );
  return (
    <form onSubmit={form.onSubmit} noValidate>
      {field('currentPassword', 'Current password')}
      {field('newPassword', 'New password')}
      {field('confirmPassword', 'Confirm new password')}
      <p className="hint">Changing your password signs you out on your other devices.</p>
      <SubmitButton busy={form.busy} busyText="Saving...">
        Change Password
      </SubmitButton>
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
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api.call(ROUTES.sessions),
  });
  async function signOut(id: string) {
    try {
      await api.call(ROUTES.endSession, { params: { id } });
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
  const toast = useToast();
  const form = useForm({
    initial: { currentPassword: '' },
    schema: (s) => s.AccountDeletionSchema,
    failure: outcome('Account not deleted'),
    send: async (data) => {
      await api.call(ROUTES.deleteAccount, { body: data });
      toast({ title: 'Your account was deleted' });
      clearCart();
      queryClient.clear();
      queryClient.setQueryData(USER_KEY, null);
      void navigate('/');
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <p>
        Deleting your account removes your details and signs you out everywhere. Orders already
        placed are kept for our records, without your account.
      </p>
      <PasswordField
        label="Current password"
        id="delete-current-password"
        {...form.field('currentPassword')}
      />
      <SubmitButton busy={form.busy} busyText="Deleting..." className="btn btn-danger">
        Delete My Account
      </SubmitButton>
    </form>
  );
}

export default function AccountPage() {
  return <SignedIn page={(user) => <Account user={user} />} />;
}

function Account({ user }: { user: UserView }) {
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
        <a className="btn btn-secondary" href={routeUrl(ROUTES.exportAccount)} download>
          Download My Data
        </a>
      </Section>
      <Section id="delete-heading" title="Delete Account">
        <DeleteAccount />
      </Section>
    </section>
  );
}
