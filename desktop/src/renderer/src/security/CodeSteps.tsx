// The second factor's steps that end in an authenticator code (issue 15):
// set up (scan the key), turn off, and new recovery codes; each a form with
// what comes first, the code, submit and Cancel.
import type { FormEvent, ReactNode } from 'react';
import type { SecondFactorSetup } from '@bakery/core';
import { Button } from '../ui/blueprint';
import { TextField } from '../ui/fields';

/** The key in groups of four, as authenticator apps show it for typing. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function ScanInstructions({ secret, otpauthUrl, qrCode }: SecondFactorSetup) {
  return (
    <ol className="steps">
      <li>
        Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…)
        and scan this code with it, or add an account with the key under it:
        {qrCode && (
          <p>
            <img
              className="totp-qr"
              src={qrCode}
              width={200}
              height={200}
              alt="QR code of the key, for the authenticator app to scan"
            />
          </p>
        )}
        <p>
          <code className="totp-key" aria-label="Key">
            {groupedKey(secret)}
          </code>
        </p>
        <p className="muted">
          Type: time-based, 6 digits, every 30 seconds.{' '}
          <a href={otpauthUrl}>Open in an authenticator app on this device</a>
        </p>
      </li>
      <li>Enter the code the app shows.</li>
    </ol>
  );
}

/** The steps that end in an authenticator code: each form's name, code field and submit button. */
export const CODE_STEPS = {
  scan: {
    name: 'Set up the authenticator app',
    codeId: 'totp-enable-code',
    submitText: 'Turn on',
    intent: 'primary',
  },
  disable: {
    name: 'Turn off the second factor',
    codeId: 'totp-disable-code',
    submitText: 'Turn off',
    intent: 'danger',
  },
  regenerate: {
    name: 'New recovery codes',
    codeId: 'totp-regen-code',
    submitText: 'Make new codes',
    intent: 'primary',
  },
} as const;

/** One step that ends in an authenticator code: what comes first, the code, submit and Cancel. */
export function CodeStepForm(props: {
  name: string;
  codeId: string;
  submitText: string;
  intent: 'primary' | 'danger';
  code: string;
  setCode(v: string): void;
  error: string | null;
  busy: boolean;
  onSubmit(e: FormEvent): void;
  onCancel(): void;
  children?: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate aria-label={props.name}>
      {props.children}
      <TextField
        id={props.codeId}
        label="Code from your authenticator app"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={props.code}
        onChange={props.setCode}
        error={props.error}
      />
      <Button type="submit" intent={props.intent} loading={props.busy} text={props.submitText} />{' '}
      <Button minimal text="Cancel" onClick={props.onCancel} />
    </form>
  );
}
