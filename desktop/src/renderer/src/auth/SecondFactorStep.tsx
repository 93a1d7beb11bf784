// The second step of the admin login (issue 15): after a right password, a
// staff member with a second factor enters the 6-digit code of their
// authenticator app, or one of their recovery codes.
import { useState, type FormEvent } from 'react';
import { Button, Callout } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { ROUTES } from '@bakery/core';
import { client, messageOf } from '../api/client';

export const CODE_HINT =
  'The 6-digit code from your authenticator app, or one of your recovery codes.';

export function SecondFactorStep(props: { onDone: () => Promise<void>; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (trimmed.length < 6) {
      setError('Please enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await client.call(ROUTES.adminLoginSecondFactor, { body: { code: trimmed } });
      await props.onDone();
    } catch (err) {
      setError(messageOf(err, 'Invalid code. Please try again.'));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Second factor">
      <Callout intent="primary" className="banner">
        Your password is right. One more step: open your authenticator app.
      </Callout>
      <TextField
        id="admin-code"
        label="Authentication code"
        hint={CODE_HINT}
        error={error}
        autoComplete="one-time-code"
        inputMode="text"
        spellCheck={false}
        value={code}
        onChange={setCode}
        autoFocus
      />
      <Button type="submit" intent="primary" fill loading={busy} text="Verify" />
      <Button
        minimal
        fill
        style={{ marginTop: 8 }}
        text="Use another account"
        onClick={props.onCancel}
      />
    </form>
  );
}
