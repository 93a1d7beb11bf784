// The Backups panel's two settings forms (issue 27): the nightly backup's
// time and retention, and the unpaid-order rules, each checked by its core
// schema before it is sent.
import { useState, type FormEvent } from 'react';
import { BackupSettingsSchema, UnpaidOrderSettingsSchema, ROUTES } from '@bakery/core';
import { Button, H6 } from '../ui/blueprint';
import { firstIssues, TextField } from '../ui/fields';
import { BACKUPS_KEY, UNPAID_KEY, useSaveSettings } from './useBackups';

/** A small form of whole-number and text fields, checked by a core schema before it is sent. */
export function SettingsForm({
  title,
  fields,
  saved,
  schema,
  route,
  queryKey,
}: {
  title: string;
  fields: { key: string; label: string; hint?: string; type?: string }[];
  /** The stored settings (an object of the fields' keys). */
  saved: object;
  schema: typeof BackupSettingsSchema | typeof UnpaidOrderSettingsSchema;
  route: typeof ROUTES.saveBackupSettings | typeof ROUTES.saveUnpaidOrderSettings;
  queryKey: readonly unknown[];
}) {
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const value = (key: string) =>
    draft[key] ?? String((saved as Record<string, unknown>)[key] ?? '');
  const save = useSaveSettings({ title, route, queryKey, onSaved: () => setDraft({}) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(fields.map((f) => [f.key, value(f.key)]));
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(firstIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} aria-label={title} style={{ marginTop: 12 }}>
      <H6>{title}</H6>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        {fields.map((f) => (
          <TextField
            key={f.key}
            id={`${route.path}-${f.key}`}
            label={f.label}
            hint={f.hint}
            type={f.type}
            value={value(f.key)}
            error={errors[f.key]}
            onChange={(v) => setDraft((d) => ({ ...d, [f.key]: v }))}
          />
        ))}
      </div>
      <Button type="submit" text="Save" loading={save.isPending} />
    </form>
  );
}

/** The panel's two settings forms: where each is saved, its fields and its rules. */
export const SETTINGS_FORMS = {
  nightly: {
    title: 'Nightly backup',
    route: ROUTES.saveBackupSettings,
    queryKey: BACKUPS_KEY,
    schema: BackupSettingsSchema,
    fields: [
      { key: 'time', label: 'Time (HH:MM, New York)' },
      { key: 'keepDaily', label: 'Daily backups kept' },
      { key: 'keepWeekly', label: 'Weekly backups kept' },
      // Issue 39: keeping fewer deletes older backups: the server asks for this.
      {
        key: 'confirm',
        label: 'Password or authenticator code',
        hint: 'only to keep fewer backups',
        type: 'password',
      },
    ],
  },
  unpaid: {
    title: 'Unpaid orders',
    route: ROUTES.saveUnpaidOrderSettings,
    queryKey: UNPAID_KEY,
    schema: UnpaidOrderSettingsSchema,
    fields: [
      {
        key: 'releaseAfterHours',
        label: 'Release after (hours)',
        hint: 'counted from the payment link',
      },
      { key: 'warnBeforeHours', label: 'Warn the customer (hours before)' },
      { key: 'maxOpenUnpaid', label: 'Unpaid orders per account' },
    ],
  },
};
