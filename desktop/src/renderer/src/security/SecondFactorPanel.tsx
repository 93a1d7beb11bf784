// The staff second factor (issue 15, docs/security.md section 4): set up an
// authenticator app (TOTP), keep ten recovery codes, make new ones, turn it
// off; the owner may require it of every staff member. Opened from the
// dashboard header; it opens by itself when the owner requires a second
// factor that is not set up yet (every other staff call answers 403 then).
import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, Switch } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { messageOf } from '../api/client';
import { CODE_STEPS, CodeStepForm, ScanInstructions } from './CodeSteps';
import { RecoveryCodes } from './RecoveryCodes';
import { useSecondFactor, useSecondFactorStatus } from './useSecondFactor';

export { groupedKey } from './CodeSteps';
export { recoveryCodesText } from './RecoveryCodes';
export { STATUS_KEY } from './useSecondFactor';

export function SecondFactorPanel(props: {
  isOwner: boolean;
  /** True while the recovery codes are on screen: the dialog stays open until they are saved. */
  onHolding?(holding: boolean): void;
}) {
  const {
    status,
    policy,
    step,
    go,
    code,
    setCode,
    password,
    setPassword,
    error,
    busy,
    start,
    enable,
    regenerate,
    disable,
    setPolicy,
    codesSaved,
  } = useSecondFactor(props);
  if (status.isLoading) return <p aria-busy="true">Loading…</p>;
  if (status.isError || !status.data)
    return (
      <Callout intent="danger" role="alert">
        {messageOf(status.error, 'Could not load your second factor.')}
      </Callout>
    );
  const s = status.data;

  const codeStep = { code, setCode, error, busy, onCancel: () => go({ kind: 'status' }) };

  if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} onSaved={codesSaved} />;

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
  const status = useSecondFactorStatus();
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
