// The owner's shop settings (issue 22 part 4, issue 24's lock time): the
// shop's name and contact details, its hours per weekday (the pickup slots
// follow from them), lead time, rush rule, tax rate, cake-option fees, the
// delivery area, the self-service lock and whether quick sales take units
// from the day's capacity (issue 42). Checked by core's schema before it
// is sent, and by the server again (its 400 names the field); a change applies
// to orders placed after it.
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  ShopSettingsInputSchema,
  withDefaults,
  type ShopSettings,
  type ShopSettingsView,
  type Weekday,
} from '@bakery/core';
import { Button, Callout, Card, FormGroup, H5, Switch, TextArea } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { QueryStatus } from '../ui/QueryStatus';
import { ConnectionsPanel } from './ConnectionsPanel';
import { HoursTable } from './HoursTable';
import {
  DELIVERY_FIELDS,
  documentOf,
  ORDER_FIELDS,
  TEXT_FIELDS,
  textOf,
  type Draft,
  type HoursDraft,
} from './settingsDraft';
import { useSaveShopSettings, useShopSettings } from './useShopSettings';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card role="region" aria-labelledby={id} className="settings-section">
      <H5 id={id}>{title}</H5>
      {children}
    </Card>
  );
}

export function SettingsTab() {
  const query = useShopSettings();
  return (
    <div className="settings-tab">
      <QueryStatus query={query} what="the settings" />
      {query.data && <SettingsForm view={query.data} />}
      <ConnectionsPanel />
    </div>
  );
}

function SettingsForm({ view }: { view: ShopSettingsView }) {
  // A field a server before it does not send (an app newer than its server) takes its default.
  const saved = withDefaults(view.settings);
  const [draft, setDraft] = useState<Draft>({});
  const [hours, setHours] = useState<HoursDraft>(() => structuredClone(saved.hours));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useSaveShopSettings({
    onSaved: (next) => {
      setDraft({});
      setHours(structuredClone(next.settings.hours));
    },
    onRefused: setErrors,
  });

  const value = (key: keyof ShopSettings) => draft[key] ?? textOf(saved, key);
  const field = (f: { key: keyof ShopSettings; label: string; hint?: string }) => (
    <TextField
      key={f.key}
      id={`settings-${f.key}`}
      label={f.label}
      hint={f.hint}
      value={value(f.key)}
      error={errors[f.key]}
      onChange={(v) => setDraft((d) => ({ ...d, [f.key]: v }))}
    />
  );
  const setDay = (day: Weekday, change: Partial<HoursDraft[Weekday]>) =>
    setHours((h) => ({ ...h, [day]: { ...h[day], ...change } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ShopSettingsInputSchema.safeParse(documentOf(saved, draft, hours));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues) found[i.path.join('.')] ??= i.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const errorList = Object.entries(errors);
  return (
    <form onSubmit={submit} aria-label="Shop settings" noValidate>
      {errorList.length > 0 && (
        <Callout intent="danger" role="alert" title="Please correct these settings">
          <ul>
            {errorList.map(([path, message]) => (
              <li key={path}>{message}</li>
            ))}
          </ul>
        </Callout>
      )}
      <div className="settings-grid">
        <Section title="The shop">
          <div className="settings-fields">{TEXT_FIELDS.map(field)}</div>
        </Section>
        <Section title="Opening hours">
          <p className="bp6-text-muted">
            Pickup slots run every half hour from opening until 30 minutes before closing. Close
            single dates (holidays) in the Kitchen tab.
          </p>
          <HoursTable hours={hours} errors={errors} setDay={setDay} />
        </Section>
        <Section title="Orders, fees and tax">
          <p className="bp6-text-muted">
            A change applies to orders placed after it; placed orders keep their figures.
          </p>
          <div className="settings-fields">{ORDER_FIELDS.map(field)}</div>
          <FormGroup
            helperText={
              errors.quickSalesUseCapacity ??
              'On: a sale at the counter books its units in today’s capacity and is refused when the day is full. Off: the shelf is baked apart; sales are only counted.'
            }
            intent={errors.quickSalesUseCapacity ? 'danger' : 'none'}
          >
            <Switch
              id="settings-quickSalesUseCapacity"
              label="Quick sales take units from today’s capacity"
              checked={value('quickSalesUseCapacity') === 'true'}
              onChange={(e) => {
                const { checked } = e.currentTarget;
                setDraft((d) => ({ ...d, quickSalesUseCapacity: String(checked) }));
              }}
            />
          </FormGroup>
        </Section>
        <Section title="Delivery area">
          <div className="settings-fields">{DELIVERY_FIELDS.map(field)}</div>
          <FormGroup
            label="Delivery ZIP codes"
            labelFor="settings-deliveryZips"
            helperText={
              errors.deliveryZips ??
              Object.entries(errors).find(([p]) => p.startsWith('deliveryZips.'))?.[1] ??
              'Separated by commas or spaces. Leave empty to deliver by distance alone.'
            }
            intent={
              Object.keys(errors).some((p) => p.startsWith('deliveryZips')) ? 'danger' : 'none'
            }
          >
            <TextArea
              id="settings-deliveryZips"
              fill
              rows={4}
              value={value('deliveryZips')}
              onChange={(e) => {
                const { value } = e.currentTarget;
                setDraft((d) => ({ ...d, deliveryZips: value }));
              }}
            />
          </FormGroup>
          <FormGroup
            label="Delivery fee by ZIP code"
            labelFor="settings-deliveryFees"
            helperText={
              Object.entries(errors).find(([p]) => p.startsWith('deliveryFees'))?.[1] ??
              'One ZIP code and its fee per line, such as "32301 5.00". The checkout adds it to the total; a ZIP not listed gets its fee from the team after review.'
            }
            intent={
              Object.keys(errors).some((p) => p.startsWith('deliveryFees')) ? 'danger' : 'none'
            }
          >
            <TextArea
              id="settings-deliveryFees"
              fill
              rows={4}
              value={value('deliveryFees')}
              onChange={(e) => {
                const { value } = e.currentTarget;
                setDraft((d) => ({ ...d, deliveryFees: value }));
              }}
            />
          </FormGroup>
        </Section>
      </div>
      <div className="settings-actions">
        <Button type="submit" intent="primary" text="Save settings" loading={save.isPending} />
        <span className="bp6-text-muted">
          {view.updatedAt
            ? `Last saved ${new Date(view.updatedAt).toLocaleString('en-US', {
                timeZone: 'America/New_York',
                dateStyle: 'medium',
                timeStyle: 'short',
              })}${view.updatedBy ? ` by ${view.updatedBy}` : ''}`
            : "The spec's values (never changed)"}
        </span>
      </div>
    </form>
  );
}
