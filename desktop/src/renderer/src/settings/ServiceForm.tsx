// One service's card on Settings → Connections (issue 38): what is
// connected, the fields, a test with what she typed, and save or disconnect
// with her password or an authenticator code. A service the server's
// environment sets shows only its summary. The calls are useConnection's.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { IntegrationService, IntegrationsView, IntegrationTestResult } from '@bakery/core';
import { Button, Callout, Card, H5 } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { useConnection } from './useConnections';

export type Draft = Record<string, string>;

interface ServiceFormProps {
  service: IntegrationService;
  title: string;
  view: IntegrationsView[IntegrationService];
  testLabel: string;
  /** The body of a save or test, from the typed fields. */
  body(draft: Draft): Record<string, unknown>;
  fields(
    draft: Draft,
    set: (key: string, value: string) => void,
    errors: Record<string, string>,
  ): ReactNode;
  initial: Draft;
}

export function ServiceForm({
  service,
  title,
  view,
  testLabel,
  body,
  fields,
  initial,
}: ServiceFormProps) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<IntegrationTestResult | null>(null);
  const fromEnvironment = view.source === 'environment';
  const set = (key: string, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const id = `connection-${service}`;

  const { test, save, remove } = useConnection({
    service,
    title,
    onTested: (answer, found) => {
      setErrors(found);
      setResult(answer);
    },
    onSaved: () => {
      setConfirm('');
      setErrors({});
      // The secret leaves the form once saved; the server keeps it.
      setDraft((d) => ({
        ...d,
        accessToken: '',
        webhookSignatureKey: '',
        password: '',
        authToken: '',
      }));
    },
    onRefused: setErrors,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ...body(draft), confirm });
  };
  return (
    <Card role="region" aria-labelledby={id} className="settings-section">
      <H5 id={id}>{title}</H5>
      <p>
        <strong>{view.summary}</strong>
        {view.updatedBy && view.source === 'settings' ? ` (saved by ${view.updatedBy})` : ''}
      </p>
      {!fromEnvironment && (
        <form onSubmit={submit} aria-label={`${title} connection`} noValidate>
          {fields(draft, set, errors)}
          <div className="settings-actions">
            <Button
              text={testLabel}
              onClick={() => test.mutate(body(draft))}
              loading={test.isPending}
            />
          </div>
          {result && (
            <Callout intent={result.ok ? 'success' : 'warning'} role="status">
              {result.message}
            </Callout>
          )}
          <TextField
            id={`${id}-confirm`}
            label="Your password or an authenticator code"
            hint="Needed to save or disconnect"
            type="password"
            autoComplete="current-password"
            value={confirm}
            onChange={setConfirm}
          />
          <div className="settings-actions">
            <Button type="submit" intent="primary" text="Save" loading={save.isPending} />
            {view.connected && (
              <Button
                text="Disconnect"
                intent="danger"
                minimal
                loading={remove.isPending}
                onClick={() => remove.mutate(confirm)}
              />
            )}
          </div>
        </form>
      )}
    </Card>
  );
}

export const text = (
  id: string,
  label: string,
  draft: Draft,
  set: (key: string, value: string) => void,
  errors: Record<string, string>,
  key: string,
  extra: { hint?: string; type?: string; placeholder?: string } = {},
) => (
  <TextField
    id={id}
    label={label}
    hint={extra.hint}
    type={extra.type}
    placeholder={extra.placeholder}
    autoComplete="off"
    value={draft[key] ?? ''}
    error={errors[key]}
    onChange={(v) => set(key, v)}
  />
);
