// The staff second factor (issue 15, docs/security.md section 4): set up an
// authenticator app (TOTP), keep ten recovery codes, make new ones, turn it
// off; the owner may require it of every staff member. Opened from the
// dashboard header; it opens by itself when the owner requires a second
// factor that is not set up yet (every other staff call answers 403 then).
import { ROUTES, type SecondFactorSetup } from '@bakery/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Dialog, DialogBody, DialogFooter, Switch } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { client as apiClient, messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';

export const STATUS_KEY = [ROUTES.secondFactor.path] as const;
const POLICY_KEY = [ROUTES.securityPolicy.path] as const;

type Step =
  | { kind: 'status' }
  | ({ kind: 'scan' } & SecondFactorSetup)
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

/** The key in groups of four, as authenticator apps show it for typing. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function ScanInstructions({ secret, otpauthUrl, qrCode }: SecondFactorSetup) {
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
const CODE_STEPS = {
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
function CodeStepForm(props: {
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

/** The recovery codes as a text file the owner keeps (download or print). */
export const recoveryCodesText = (codes: readonly string[], email?: string) =>
  [
    `Recovery codes for the bakery's back office${email ? ` (${email})` : ''}`,
    'Each signs you in once without your phone. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');

function downloadCodes(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'bakery-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Prints the recovery codes alone (styles.css scopes its print rule to this class). */
function printCodes() {
  document.body.classList.add('printing-codes');
  window.addEventListener('afterprint', () => document.body.classList.remove('printing-codes'), {
    once: true,
  });
  window.print();
}

export function SecondFactorPanel(props: {
  isOwner: boolean;
  /** True while the recovery codes are on screen: the dialog stays open until they are saved. */
  onHolding?(holding: boolean): void;
}) {
  const client = useQueryClient();
  const status = useApiQuery(STATUS_KEY, ROUTES.secondFactor);
  const policy = useApiQuery(POLICY_KEY, ROUTES.securityPolicy, { enabled: props.isOwner });
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(messageOf(err, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const refresh = () => client.invalidateQueries({ queryKey: STATUS_KEY });
  const go = (next: Step) => {
    setCode('');
    setPassword('');
    setError(null);
    setStep(next);
  };

  const start = () =>
    run(async () => {
      const setup = await apiClient.call(ROUTES.secondFactorSetup);
      go({ kind: 'scan', ...setup });
    });

  const enable = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const done = await apiClient.call(ROUTES.secondFactorEnable, {
        body: { code: code.trim() },
      });
      // The codes first, held on screen until saved: the dialog that opened
      // by itself would otherwise close as soon as the status says "on".
      props.onHolding?.(true);
      go({ kind: 'codes', codes: done.recoveryCodes });
      await refresh();
    });
  };

  const regenerate = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const done = await apiClient.call(ROUTES.secondFactorRecoveryCodes, {
        body: { code: code.trim() },
      });
      props.onHolding?.(true);
      go({ kind: 'codes', codes: done.recoveryCodes });
      await refresh();
    });
  };

  const disable = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await apiClient.call(ROUTES.secondFactorDisable, {
        body: { currentPassword: password, code: code.trim() },
      });
      await refresh();
      toast('Second factor turned off', 'Your account now signs in with the password alone.');
      go({ kind: 'status' });
    });
  };

  const setPolicy = (required: boolean) =>
    run(async () => {
      await apiClient.call(ROUTES.saveSecurityPolicy, { body: { staffTotpRequired: required } });
      await client.invalidateQueries({ queryKey: POLICY_KEY });
      await refresh();
    });

  if (status.isLoading) return <p aria-busy="true">Loading…</p>;
  if (status.isError || !status.data)
    return (
      <Callout intent="danger" role="alert">
        {messageOf(status.error, 'Could not load your second factor.')}
      </Callout>
    );
  const s = status.data;

  const codeStep = { code, setCode, error, busy, onCancel: () => go({ kind: 'status' }) };

  if (step.kind === 'codes')
    return (
      <section aria-label="Recovery codes">
        <Callout intent="warning" className="banner">
          Keep these recovery codes somewhere safe (printed, or in a password manager). Each signs
          you in once if you lose your phone. They are shown only now.
        </Callout>
        <ul className="recovery-codes" aria-label="Your recovery codes">
          {step.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <Button icon="download" text="Download as .txt" onClick={() => downloadCodes(step.codes)} />{' '}
        <Button icon="print" text="Print" onClick={printCodes} />{' '}
        <Button
          icon="duplicate"
          text="Copy codes"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(step.codes.join('\n'))
              .then(() => toast('Copied', 'The recovery codes are on the clipboard.'))
              .catch(() => undefined)
          }
        />{' '}
        <Button
          intent="primary"
          text="I have saved them"
          onClick={() => {
            go({ kind: 'status' });
            props.onHolding?.(false);
            // Every staff call works again once the requirement is met: the
            // screens behind the dialog (and their red bars) load anew.
            void client.invalidateQueries();
          }}
        />
      </section>
    );

  if (step.kind === 'scan')
    return (
      <CodeStepForm {...codeStep} {...CODE_STEPS.scan} onSubmit={enable}>
        <ScanInstructions secret={step.secret} otpauthUrl={step.otpauthUrl} qrCode={step.qrCode} />
      </CodeStepForm>
    );

  if (step.kind === 'disable')
    return (
      <CodeStepForm {...codeStep} {...CODE_STEPS.disable} onSubmit={disable}>
        <TextField
          id="totp-disable-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
      </CodeStepForm>
    );

  if (step.kind === 'regenerate')
    return (
      <CodeStepForm {...codeStep} {...CODE_STEPS.regenerate} onSubmit={regenerate}>
        <p>New codes replace all of your current ones.</p>
      </CodeStepForm>
    );

  return (
    <section aria-label="Second factor status">
      {s.required && !s.enabled && s.requiredBy === 'new-staff' && (
        <Callout intent="primary" role="alert" className="banner" title="Set up two-step sign-in">
          <p>
            Staff accounts sign in with two steps: your password and a 6-digit code from an
            authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
            1Password, Authy…).
          </p>
          <ol>
            <li>Install an authenticator app on your phone if you have none.</li>
            <li>Press Set up below and add the key to the app (scan or type it).</li>
            <li>Enter the 6-digit code the app shows.</li>
            <li>
              Save the ten recovery codes somewhere safe: each signs you in once without the phone.
            </li>
          </ol>
        </Callout>
      )}
      {s.required && !s.enabled && s.requiredBy !== 'new-staff' && (
        <Callout intent="warning" role="alert" className="banner">
          The owner requires a second factor for all staff. Please set up your authenticator app to
          continue.
        </Callout>
      )}
      <p>
        Second factor:{' '}
        <strong>{s.enabled ? 'On (authenticator app)' : 'Off (password only)'}</strong>
      </p>
      {s.enabled && <p>Recovery codes left: {s.recoveryCodesLeft}</p>}
      {error && (
        <Callout intent="danger" role="alert" className="banner">
          {error}
        </Callout>
      )}
      {!s.enabled && (
        <Button
          intent="primary"
          icon="shield"
          loading={busy}
          text="Set up"
          onClick={() => void start()}
        />
      )}
      {s.enabled && (
        <>
          <Button text="New recovery codes" onClick={() => go({ kind: 'regenerate' })} />{' '}
          {!s.required && (
            <Button
              intent="danger"
              minimal
              text="Turn off"
              onClick={() => go({ kind: 'disable' })}
            />
          )}
        </>
      )}
      {props.isOwner && policy.data && (
        <Switch
          role="switch"
          style={{ marginTop: 16 }}
          label="Require a second factor for all staff"
          checked={policy.data.staffTotpRequired}
          disabled={busy}
          onChange={(e) => void setPolicy(e.currentTarget.checked)}
        />
      )}
    </section>
  );
}

/** The header button and its dialog; opens by itself when the owner's requirement is not met. */
export function SecondFactorButton(props: {
  role: string;
  onSetUp?(): void;
  /** Issue 38: the set-up does not open by itself yet (a first password is changed first). */
  deferred?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [holding, setHolding] = useState(false);
  const status = useApiQuery(STATUS_KEY, ROUTES.secondFactor);
  // Open by itself while the set-up is owed, and until its recovery codes are saved.
  const mustSetUp =
    (!props.deferred && Boolean(status.data?.required && !status.data.enabled)) || holding;
  return (
    <>
      <Button icon="shield" text="Two-step sign-in" minimal onClick={() => setOpen(true)} />
      <Dialog
        isOpen={open || mustSetUp}
        onClose={() => setOpen(false)}
        title="Two-step sign-in"
        isCloseButtonShown={!mustSetUp}
        canEscapeKeyClose={!mustSetUp}
        canOutsideClickClose={!mustSetUp}
      >
        <DialogBody>
          <SecondFactorPanel
            isOwner={props.role === 'owner'}
            onHolding={(holding) => {
              setHolding(holding);
              if (!holding) props.onSetUp?.();
            }}
          />
        </DialogBody>
        {!mustSetUp && (
          <DialogFooter actions={<Button text="Close" onClick={() => setOpen(false)} />} />
        )}
      </Dialog>
    </>
  );
}
