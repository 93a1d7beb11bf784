// The owner's (and any staff member's) own account from the back office
// (issue 38): her name (as the menu history and the desk show it), her
// e-mail and her password, through the account calls the shop's /account
// page uses (PATCH /api/user, PATCH /api/user/email, POST /api/user/password).
import { ROUTES } from '@bakery/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { client, messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { Button, Callout, Dialog, DialogBody, DialogFooter, H5 } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { ME_KEY } from '../auth/adminSession';

const USER_KEY = [ROUTES.user.path] as const;

/** One small form: its fields, a submit button, and what the server answered. */
function AccountForm(props: {
  name: string;
  submitText: string;
  onSubmit(): Promise<string>;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    props
      .onSubmit()
      .then((text) => setResult({ ok: true, text }))
      .catch((error) => setResult({ ok: false, text: messageOf(error, 'Could not save') }))
      .finally(() => setBusy(false));
  };
  return (
    <form aria-label={props.name} onSubmit={submit} noValidate className="account-form">
      <H5>{props.name}</H5>
      {props.children}
      {result && (
        <Callout intent={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Callout>
      )}
      <Button type="submit" intent="primary" text={props.submitText} loading={busy} />
    </form>
  );
}

export function AccountPanel() {
  const queries = useQueryClient();
  const me = useApiQuery(USER_KEY, ROUTES.user);
  const [first, setFirst] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [emailPassword, setEmailPassword] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  if (me.isLoading) return <p aria-busy="true">Loading…</p>;
  if (!me.data)
    return (
      <Callout intent="danger" role="alert">
        {messageOf(me.error, 'Could not load your account.')}
      </Callout>
    );
  const firstName = first ?? me.data.firstName;
  const lastName = last ?? me.data.lastName;
  return (
    <div className="account-panel">
      <AccountForm
        name="Your name"
        submitText="Save name"
        onSubmit={async () => {
          await client.call(ROUTES.updateUser, { body: { firstName, lastName } });
          await queries.invalidateQueries();
          return 'Saved: the menu history and the desk show your new name.';
        }}
      >
        <TextField id="account-first" label="First name" value={firstName} onChange={setFirst} />
        <TextField id="account-last" label="Last name" value={lastName} onChange={setLast} />
      </AccountForm>
      <AccountForm
        name="Your e-mail"
        submitText="Change e-mail"
        onSubmit={async () => {
          await client.call(ROUTES.changeEmail, {
            body: { email, currentPassword: emailPassword },
          });
          setEmailPassword('');
          return `Check ${email}: the change takes effect once you open the link we sent there.`;
        }}
      >
        <p className="muted">Now: {me.data.email}</p>
        <TextField
          id="account-email"
          label="New e-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <TextField
          id="account-email-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={emailPassword}
          onChange={setEmailPassword}
        />
      </AccountForm>
      <AccountForm
        name="Your password"
        submitText="Change password"
        onSubmit={async () => {
          await client.call(ROUTES.changePassword, {
            body: { currentPassword: current, newPassword: next, confirmPassword: confirm },
          });
          setCurrent('');
          setNext('');
          setConfirm('');
          return 'Your password is changed.';
        }}
      >
        <TextField
          id="account-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <TextField
          id="account-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
        />
        <TextField
          id="account-confirm-password"
          label="New password again"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
      </AccountForm>
    </div>
  );
}

/**
 * The first sign-in with a password set up for her (issue 38): only the
 * password form, in a dialog that cannot be closed until it is changed;
 * then `onChanged` (the dashboard loads its tabs anew).
 */
export function FirstPasswordPanel({ onChanged }: { onChanged(): void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  return (
    <div className="account-panel">
      <Callout intent="primary" title="Choose your own password">
        The password you signed in with was set up for you. Choose one only you know before going on
        (at least 12 characters).
      </Callout>
      <AccountForm
        name="Your password"
        submitText="Change password"
        onSubmit={async () => {
          await client.call(ROUTES.changePassword, {
            body: { currentPassword: current, newPassword: next, confirmPassword: confirm },
          });
          onChanged();
          return 'Your password is changed.';
        }}
      >
        <TextField
          id="first-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <TextField
          id="first-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
        />
        <TextField
          id="first-confirm-password"
          label="New password again"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
      </AccountForm>
    </div>
  );
}

/**
 * The header button and its dialog; open by itself, and not closable, while
 * the password set up for her is still to be changed (issue 38).
 */
export function AccountButton({
  passwordChangeRequired = false,
  onPasswordChanged,
}: {
  passwordChangeRequired?: boolean;
  onPasswordChanged?(): void;
}) {
  const [open, setOpen] = useState(false);
  const queries = useQueryClient();
  const must = passwordChangeRequired;
  return (
    <>
      <Button icon="user" text="Account" minimal onClick={() => setOpen(true)} />
      <Dialog
        isOpen={open || must}
        onClose={() => setOpen(false)}
        title={must ? 'Choose your own password' : 'Your account'}
        isCloseButtonShown={!must}
        canEscapeKeyClose={!must}
        canOutsideClickClose={!must}
      >
        <DialogBody>
          {must ? (
            <FirstPasswordPanel
              onChanged={() => {
                void queries.invalidateQueries({ queryKey: ME_KEY });
                onPasswordChanged?.();
              }}
            />
          ) : (
            open && <AccountPanel />
          )}
        </DialogBody>
        {!must && <DialogFooter actions={<Button text="Close" onClick={() => setOpen(false)} />} />}
      </Dialog>
    </>
  );
}
