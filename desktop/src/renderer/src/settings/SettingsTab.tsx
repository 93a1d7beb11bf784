// The owner's shop settings (issue 22 part 4, issue 24's lock time): the
// shop's name and contact details, its hours per weekday (the pickup slots
// follow from them), lead time, rush rule, tax rate, cake-option fees, the
// delivery area, the self-service lock and whether quick sales take units
// from the day's capacity (issue 42). Checked by core's schema before it
// is sent, and by the server again (its 400 names the field); a change applies
// to orders placed after it.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  formatClock,
  setShopSettings,
  ShopSettingsInputSchema,
  weekdayName,
  WEEKDAYS,
  withDefaults,
  type ShopSettings,
  type ShopSettingsView,
  type Weekday,
  ROUTES,
} from '@bakery/core';
import { ApiError, client as apiClient, messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import {
  Button,
  Callout,
  Card,
  FormGroup,
  H5,
  HTMLSelect,
  Switch,
  TextArea,
} from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { QueryStatus } from '../ui/QueryStatus';
import { toast } from '../ui/toaster';
import { PUBLIC_SETTINGS_KEY } from './publicSettings';
import { ConnectionsPanel } from './ConnectionsPanel';

export const SETTINGS_KEY = [ROUTES.adminSettings.path];

/** Every half hour of the day, as the hours selects offer them. */
const CLOCKS = Array.from({ length: 48 }, (_, i) => {
  const hh = String(Math.floor(i / 2)).padStart(2, '0');
  return `${hh}:${i % 2 ? '30' : '00'}`;
});

const CLOCK_OPTIONS = CLOCKS.map((c) => ({ value: c, label: formatClock(c) }));

/** A weekday's opening or closing time; off while the day is closed. */
function ClockSelect({
  day,
  end,
  hours,
  setDay,
}: {
  day: Weekday;
  end: 'opens' | 'closes';
  hours: { open: boolean; opens: string; closes: string };
  setDay(day: Weekday, change: Partial<Record<'opens' | 'closes', string>>): void;
}) {
  return (
    <HTMLSelect
      aria-label={`${weekdayName(day)} ${end}`}
      value={hours[end]}
      disabled={!hours.open}
      onChange={(e) => setDay(day, { [end]: e.currentTarget.value })}
      options={CLOCK_OPTIONS}
    />
  );
}

/** The form's text for each field: numbers as typed, money in dollars. */
type Draft = Record<string, string>;
type HoursDraft = Record<Weekday, { open: boolean; opens: string; closes: string }>;

const TEXT_FIELDS: { key: keyof ShopSettings; label: string; hint?: string }[] = [
  { key: 'name', label: 'Shop name' },
  { key: 'tagline', label: 'Tagline' },
  { key: 'street', label: 'Street address' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'stateCode', label: 'State code', hint: 'Two letters, such as FL' },
  { key: 'zip', label: 'ZIP code' },
  { key: 'phone', label: 'Phone', hint: '(XXX) XXX-XXXX' },
  { key: 'email', label: 'E-mail' },
  { key: 'website', label: 'Website' },
  { key: 'openSince', label: 'Open since (year)' },
];

const ORDER_FIELDS: { key: keyof ShopSettings; label: string; hint?: string; dollars?: boolean }[] =
  [
    { key: 'leadTimeDays', label: 'Lead time (days)', hint: 'The earliest pickup, in days' },
    {
      key: 'rushThresholdDays',
      label: 'Rush under (days)',
      hint: 'Pickups sooner pay the rush fee',
    },
    { key: 'rushFeeCents', label: 'Rush fee ($)', dollars: true },
    { key: 'taxRatePercent', label: 'Tax rate (%)', hint: 'Up to 3 decimals, such as 8.75' },
    { key: 'cakeWritingFeeCents', label: 'Cake writing fee ($)', dollars: true },
    { key: 'cakeBowsFeeCents', label: 'Cake bows fee ($)', dollars: true },
    {
      key: 'selfServiceLockHours',
      label: 'Customer changes close (hours before pickup)',
      hint: 'Until then customers may move, change or cancel their order',
    },
  ];

const DELIVERY_FIELDS: { key: keyof ShopSettings; label: string; hint?: string }[] = [
  { key: 'deliveryMiles', label: 'Delivery distance (miles)' },
];

const NUMBER_KEYS = new Set<string>([
  'openSince',
  'leadTimeDays',
  'rushThresholdDays',
  'taxRatePercent',
  'selfServiceLockHours',
  'deliveryMiles',
]);
const DOLLAR_KEYS = new Set<string>(['rushFeeCents', 'cakeWritingFeeCents', 'cakeBowsFeeCents']);
/** Switches: 'true' or 'false' in the draft. */
const BOOLEAN_KEYS = new Set<string>(['quickSalesUseCapacity']);

function textOf(settings: ShopSettings, key: keyof ShopSettings): string {
  const value = settings[key];
  if (DOLLAR_KEYS.has(key)) return ((value as number) / 100).toFixed(2);
  if (key === 'deliveryZips') return (value as string[]).join(', ');
  if (key === 'deliveryFees')
    return (value as ShopSettings['deliveryFees'])
      .map((row) => `${row.zip} ${(row.feeCents / 100).toFixed(2)}`)
      .join('\n');
  return String(value);
}

/** A typed number ("" stays text, so the schema says what is wrong). */
const numberOf = (text: string): number | string => {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
};

/** The document the form describes, before the schema checks it. */
function documentOf(saved: ShopSettings, draft: Draft, hours: HoursDraft): unknown {
  const out: Record<string, unknown> = { ...saved, hours };
  for (const [key, text] of Object.entries(draft)) {
    if (DOLLAR_KEYS.has(key)) {
      const n = numberOf(text.replace(/^\$/, ''));
      out[key] = typeof n === 'number' ? Math.round(n * 100) : n;
    } else if (NUMBER_KEYS.has(key)) out[key] = numberOf(text);
    else if (BOOLEAN_KEYS.has(key)) out[key] = text === 'true';
    else if (key === 'deliveryFees')
      // One "ZIP fee" per line (issue 38): "32301 5.00"; a line that is not one is kept for the schema to name.
      out[key] = text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [zip = '', fee = ''] = line.replace(/\$/g, '').split(/[\s,;]+/);
          const n = numberOf(fee);
          return { zip, feeCents: typeof n === 'number' ? Math.round(n * 100) : n };
        });
    else if (key === 'deliveryZips')
      out[key] = text
        .split(/[\s,;]+/)
        .map((z) => z.trim())
        .filter(Boolean);
    else out[key] = text;
  }
  return out;
}

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
  const query = useApiQuery(SETTINGS_KEY, ROUTES.adminSettings);
  return (
    <div className="settings-tab">
      <QueryStatus query={query} what="the settings" />
      {query.data && <SettingsForm view={query.data} />}
      <ConnectionsPanel />
    </div>
  );
}

function SettingsForm({ view }: { view: ShopSettingsView }) {
  const client = useQueryClient();
  // A field a server before it does not send (an app newer than its server) takes its default.
  const saved = withDefaults(view.settings);
  const [draft, setDraft] = useState<Draft>({});
  const [hours, setHours] = useState<HoursDraft>(() => structuredClone(saved.hours));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (body: ShopSettings) => apiClient.call(ROUTES.saveAdminSettings, { body }),
    onSuccess: (next) => {
      client.setQueryData(SETTINGS_KEY, next);
      // In force in this window at once (the order paper, the counter's slots).
      setShopSettings(next.settings);
      void client.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
      setDraft({});
      setHours(structuredClone(next.settings.hours));
      toast('Settings saved', 'Orders placed from now on use them.', 'success');
    },
    onError: (err) => {
      const issues =
        (err instanceof ApiError &&
          (err.body as { errors?: { path: string; message: string }[] } | null)?.errors) ||
        [];
      setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
      toast('Settings not saved', messageOf(err, 'Please try again'));
    },
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
          <table className="settings-hours">
            <tbody>
              {WEEKDAYS.map((day) => {
                const h = hours[day];
                const error =
                  errors[`hours.${day}.closes`] ?? errors[`hours.${day}.opens`] ?? errors.hours;
                return (
                  <tr key={day}>
                    <th scope="row">{weekdayName(day)}</th>
                    <td>
                      <Switch
                        checked={h.open}
                        label={h.open ? 'Open' : 'Closed'}
                        aria-label={`Open on ${weekdayName(day)}`}
                        onChange={(e) => setDay(day, { open: e.currentTarget.checked })}
                      />
                    </td>
                    <td>
                      <ClockSelect day={day} end="opens" hours={h} setDay={setDay} />
                    </td>
                    <td>to</td>
                    <td>
                      <ClockSelect day={day} end="closes" hours={h} setDay={setDay} />
                    </td>
                    <td className="settings-hours-error" role={error ? 'alert' : undefined}>
                      {error}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
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
