// Standing orders (issue 41): the owner's view of what regulars are promised.
// Active subscribers, per item and day for the next four weeks the units of
// standing orders beside one-off orders (all days, or one picked), the dates
// that could not take an occurrence, the owner's settings (items picked from
// the menu by name), and "Book now" (the booking job at once).
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addDays,
  bakeryToday,
  can,
  formatDayInWords,
  formatLongDate,
  menuItems,
  ROUTES,
  type StandingPanelView,
} from '@bakery/core';
import { Button, Callout, Card, Checkbox, H5, HTMLSelect, Tag } from '../ui/blueprint';
import { client, messageOf } from '../api/client';
import { downloadFile } from '../api/downloadFile';
import { useApiQuery } from '../api/useApiQuery';
import { TextField } from '../ui/fields';
import { QueryStatus } from '../ui/QueryStatus';
import { toast } from '../ui/toaster';
import { TableCard, failed } from './shared';

const KEY = [ROUTES.standingPanel.path];

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

function SettingsForm({ settings }: { settings: StandingPanelView['settings'] }) {
  const queryClient = useQueryClient();
  const [offered, setOffered] = useState(settings.offered);
  const [productIds, setProductIds] = useState(settings.productIds);
  const [hours, setHours] = useState(String(settings.reminderHours));
  const [substitutes, setSubstitutes] = useState(settings.substitutes ?? {});
  const save = useMutation({
    mutationFn: () =>
      client.call(ROUTES.saveStandingSettings, {
        body: { offered, productIds, reminderHours: Number(hours), substitutes },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      toast('Standing orders', 'Settings saved', 'success');
    },
    onError: failed('Failed to save the standing-order settings'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
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
function HolidayForm() {
  const queryClient = useQueryClient();
  const [fromDate, setFromDate] = useState(addDays(bakeryToday(), 7));
  const [toDate, setToDate] = useState(addDays(bakeryToday(), 13));
  const [reason, setReason] = useState('');
  const pause = useMutation({
    mutationFn: () => client.call(ROUTES.standingHoliday, { body: { fromDate, toDate, reason } }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      toast(
        'Standing orders paused',
        `${count(result.skipped, 'date')} skipped, ${count(result.customers, 'customer')} told`,
        'success',
      );
    },
    onError: failed('Failed to pause the standing orders'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pause.mutate();
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

async function exportStandingOrders() {
  try {
    const res = await downloadFile(ROUTES.standingWorkbook);
    if (res.saved)
      toast('Export ready', res.path ? `Saved to ${res.path}` : 'Workbook downloaded', 'success');
  } catch (err) {
    toast('Export Failed', messageOf(err, 'Failed to export the standing orders'));
  }
}

const ALL_DAYS = '';
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function StandingPanel({ role }: { role: string }) {
  const queryClient = useQueryClient();
  const panel = useApiQuery(KEY, ROUTES.standingPanel);
  // One day's units at a time reads like the bake sheet; "All days" shows the four weeks.
  const [shownDay, setShownDay] = useState(ALL_DAYS);
  const run = useMutation({
    mutationFn: () => client.call(ROUTES.runStandingOrders),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      toast(
        'Standing orders booked',
        `${result.booked} booked, ${result.refused} could not be taken, ${result.reminded} reminders`,
        'success',
      );
    },
    onError: failed('Failed to book the standing orders'),
  });
  if (!panel.data) return <QueryStatus query={panel} what="standing orders" />;
  const view = panel.data;
  const days = [...new Set(view.units.map((u) => u.date))];
  const shownUnits = view.units.filter((u) => shownDay === ALL_DAYS || u.date === shownDay);
  return (
    <div className="kitchen-panel">
      <Card>
        <H5>Standing orders</H5>
        <p>
          <Tag large minimal>
            {count(view.activeSubscribers, 'active subscriber')}
          </Tag>{' '}
          <Tag large minimal>
            {count(view.activeStandingOrders, 'standing order')}
          </Tag>
        </p>
        <Button icon="refresh" loading={run.isPending} onClick={() => run.mutate()}>
          Book now
        </Button>{' '}
        <Button icon="export" onClick={() => void exportStandingOrders()}>
          Export to Excel
        </Button>
      </Card>
      <TableCard
        title={`Promised, ${formatLongDate(view.fromDate)} to ${formatLongDate(view.toDate)}`}
        label="Units promised to standing orders beside one-off orders"
        columns={['Date', 'Item', 'Standing', 'One-off']}
        before={
          <label className="bp6-label bp6-inline standing-day">
            Day{' '}
            <HTMLSelect
              value={shownDay}
              onChange={(e) => setShownDay(e.currentTarget.value)}
              options={[
                { value: ALL_DAYS, label: 'All days' },
                ...days.map((d) => ({ value: d, label: formatDayInWords(d) })),
              ]}
            />
          </label>
        }
      >
        {shownUnits.map((u) => (
          <tr key={`${u.date}|${u.productId}`}>
            <td>{formatDayInWords(u.date)}</td>
            <td>{u.name}</td>
            <td>{u.standing}</td>
            <td>{u.oneOff}</td>
          </tr>
        ))}
      </TableCard>
      {view.refused.length > 0 ? (
        <TableCard
          title="Could not be taken"
          label="Occurrences the kitchen could not take"
          columns={['Date', 'Customer', 'Why']}
        >
          {view.refused.map((r) => (
            <tr key={`${r.standingOrderId}|${r.date}`}>
              <td>{formatDayInWords(r.date)}</td>
              <td>{r.customerEmail}</td>
              <td>{r.reason}</td>
            </tr>
          ))}
        </TableCard>
      ) : (
        <Callout intent="success">Every occurrence so far could be taken.</Callout>
      )}
      {can(role, 'manageSettings') ? <HolidayForm /> : null}
      {can(role, 'manageSettings') ? <SettingsForm settings={view.settings} /> : null}
    </div>
  );
}
