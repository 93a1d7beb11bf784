// The Standing orders panel's forms (issue 41): the owner's settings (the
// items offered, picked from the menu by name, the reminder and the
// substitutes) and the holiday pause. Their saves are useStanding's.
import { useState, type FormEvent } from 'react';
import { addDays, bakeryToday, menuItems, type StandingPanelView } from '@bakery/core';
import { Button, Card, Checkbox, H5, HTMLSelect } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { useSaveStandingSettings, useStandingHoliday } from './useStanding';

/**
 * Which items regulars may order every week: every item, or the ones ticked,
 * picked from the menu by name (as the drops' picker), never typed as ids.
 */
function OfferedItems({
  productIds,
  onChange,
}: {
  productIds: string[] | null;
  onChange(productIds: string[] | null): void;
}) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const picked = productIds ?? [];
  const choices = menuItems().filter(
    (item) =>
      !item.hidden &&
      (picked.includes(item.id) || !needle || item.name.toLowerCase().includes(needle)),
  );
  return (
    <>
      <Checkbox
        label="Every item on the menu"
        checked={productIds === null}
        onChange={(e) => onChange(e.currentTarget.checked ? null : [])}
      />
      {productIds !== null && (
        <>
          <TextField
            id="standing-search"
            label="Find an item"
            hint={`${picked.length} ticked: only these can be ordered every week`}
            type="search"
            value={search}
            onChange={setSearch}
          />
          <div role="group" aria-label="Items offered" className="drop-items">
            {choices.map((item) => (
              <Checkbox
                key={item.id}
                label={item.name}
                checked={picked.includes(item.id)}
                onChange={(e) =>
                  onChange(
                    e.currentTarget.checked
                      ? [...picked, item.id]
                      : picked.filter((id) => id !== item.id),
                  )
                }
              />
            ))}
          </div>
        </>
      )}
    </>
  );
}

const itemName = (id: string) => menuItems().find((item) => item.id === id)?.name ?? id;

/**
 * What an occurrence bakes instead of an item taken off the menu (or not
 * baked on its day), picked by name; an item without one is left out. The
 * customer is told either way.
 */
function Substitutes({
  value,
  onChange,
}: {
  value: Record<string, string>;
  onChange(value: Record<string, string>): void;
}) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const options = menuItems().map((item) => ({ value: item.id, label: item.name }));
  const entries = Object.entries(value);
  return (
    <fieldset className="standing-substitutes">
      <legend>Substitutes</legend>
      {entries.length === 0 ? (
        <p className="bp6-text-muted">
          None: an item taken off the menu is left out of each occurrence, and the customer is told.
        </p>
      ) : (
        <ul aria-label="Substitutes">
          {entries.map(([item, substitute]) => (
            <li key={item}>
              {itemName(item)} → {itemName(substitute)}{' '}
              <Button
                size="small"
                variant="minimal"
                icon="cross"
                aria-label={`Remove the substitute for ${itemName(item)}`}
                onClick={() => onChange(Object.fromEntries(entries.filter(([id]) => id !== item)))}
              />
            </li>
          ))}
        </ul>
      )}
      <label className="bp6-label bp6-inline">
        When{' '}
        <HTMLSelect
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          options={[{ value: '', label: 'an item…' }, ...options]}
        />
      </label>
      <label className="bp6-label bp6-inline">
        is off the menu, bake{' '}
        <HTMLSelect
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          options={[{ value: '', label: 'another item…' }, ...options]}
        />
      </label>
      <Button
        disabled={!from || !to || from === to}
        onClick={() => {
          onChange({ ...value, [from]: to });
          setFrom('');
          setTo('');
        }}
      >
        Add substitute
      </Button>
    </fieldset>
  );
}

export function SettingsForm({ settings }: { settings: StandingPanelView['settings'] }) {
  const [offered, setOffered] = useState(settings.offered);
  const [productIds, setProductIds] = useState(settings.productIds);
  const [hours, setHours] = useState(String(settings.reminderHours));
  const [substitutes, setSubstitutes] = useState(settings.substitutes ?? {});
  const save = useSaveStandingSettings();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ offered, productIds, reminderHours: Number(hours), substitutes });
  };
  return (
    <Card>
      <H5>Settings</H5>
      <form onSubmit={submit} aria-label="Standing-order settings" className="standing-settings">
        <Checkbox
          label="Offer standing orders"
          checked={offered}
          onChange={(e) => setOffered(e.currentTarget.checked)}
        />
        <OfferedItems productIds={productIds} onChange={setProductIds} />
        <TextField
          id="standing-reminder"
          label="Reminder (hours before the lock)"
          inputMode="numeric"
          value={hours}
          onChange={setHours}
        />
        <Substitutes value={substitutes} onChange={setSubstitutes} />
        <Button type="submit" intent="primary" loading={save.isPending}>
          Save settings
        </Button>
      </form>
    </Card>
  );
}

/**
 * The owner closes for a holiday: every standing order skips its dates in
 * it (booked ones cancelled, units back) and each customer is mailed once.
 */
export function HolidayForm() {
  const [fromDate, setFromDate] = useState(addDays(bakeryToday(), 7));
  const [toDate, setToDate] = useState(addDays(bakeryToday(), 13));
  const [reason, setReason] = useState('');
  const pause = useStandingHoliday();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pause.mutate({ fromDate, toDate, reason });
  };
  return (
    <Card>
      <H5>Closed for a holiday</H5>
      <form onSubmit={submit} aria-label="Pause for a holiday" className="standing-settings">
        <TextField
          id="holiday-from"
          label="First day closed"
          type="date"
          value={fromDate}
          onChange={setFromDate}
        />
        <TextField
          id="holiday-to"
          label="Last day closed"
          type="date"
          value={toDate}
          onChange={setToDate}
        />
        <TextField
          id="holiday-reason"
          label="Why (customers read it)"
          hint="Every standing order skips these days; each customer gets one e-mail."
          value={reason}
          onChange={setReason}
        />
        <Button type="submit" intent="warning" loading={pause.isPending}>
          Pause standing orders
        </Button>
      </form>
    </Card>
  );
}
