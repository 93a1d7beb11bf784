// Standing orders (issue 41): the owner's view of what regulars are promised.
// Active subscribers, per item and day for the next four weeks the units of
// standing orders beside one-off orders, the dates that could not take an
// occurrence, the owner's settings, and "Book now" (the booking job at once).
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { can, formatLongDate, ROUTES, type StandingPanelView } from '@bakery/core';
import { Button, Callout, Card, Checkbox, H5, Tag } from '../ui/blueprint';
import { client } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { QueryStatus } from '../ui/QueryStatus';
import { toast } from '../ui/toaster';
import { TableCard, failed } from './shared';

const KEY = ['/api/admin/standing-orders'];

function SettingsForm({ settings }: { settings: StandingPanelView['settings'] }) {
  const queryClient = useQueryClient();
  const [offered, setOffered] = useState(settings.offered);
  const [items, setItems] = useState((settings.productIds ?? []).join(', '));
  const [hours, setHours] = useState(String(settings.reminderHours));
  const save = useMutation({
    mutationFn: () =>
      client.call(ROUTES.saveStandingSettings, {
        body: {
          offered,
          productIds: items.trim()
            ? items
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : null,
          reminderHours: Number(hours),
        },
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
      <form onSubmit={submit}>
        <Checkbox
          label="Offer standing orders"
          checked={offered}
          onChange={(e) => setOffered(e.currentTarget.checked)}
        />
        <label className="bp5-label" htmlFor="standing-items">
          Items offered (menu ids, comma separated; empty: every item)
          <input
            id="standing-items"
            className="bp5-input bp5-fill"
            value={items}
            onChange={(e) => setItems(e.currentTarget.value)}
          />
        </label>
        <label className="bp5-label" htmlFor="standing-reminder">
          Reminder (hours before the lock)
          <input
            id="standing-reminder"
            className="bp5-input"
            inputMode="numeric"
            value={hours}
            onChange={(e) => setHours(e.currentTarget.value)}
          />
        </label>
        <Button type="submit" intent="primary" loading={save.isPending}>
          Save settings
        </Button>
      </form>
    </Card>
  );
}

export function StandingPanel({ role }: { role: string }) {
  const queryClient = useQueryClient();
  const panel = useApiQuery(KEY, ROUTES.standingPanel);
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
  return (
    <div className="kitchen-panel">
      <Card>
        <H5>Standing orders</H5>
        <p>
          <Tag large minimal>
            {view.activeSubscribers} active subscribers
          </Tag>{' '}
          <Tag large minimal>
            {view.activeStandingOrders} standing orders
          </Tag>
        </p>
        <Button icon="refresh" loading={run.isPending} onClick={() => run.mutate()}>
          Book now
        </Button>
      </Card>
      <TableCard
        title={`Promised, ${formatLongDate(view.fromDate)} to ${formatLongDate(view.toDate)}`}
        label="Units promised to standing orders beside one-off orders"
        columns={['Date', 'Item', 'Standing', 'One-off']}
      >
        {view.units.map((u) => (
          <tr key={`${u.date}|${u.productId}`}>
            <td>{formatLongDate(u.date)}</td>
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
              <td>{formatLongDate(r.date)}</td>
              <td>{r.customerEmail}</td>
              <td>{r.reason}</td>
            </tr>
          ))}
        </TableCard>
      ) : (
        <Callout intent="success">Every occurrence so far could be taken.</Callout>
      )}
      {can(role, 'manageSettings') ? <SettingsForm settings={view.settings} /> : null}
    </div>
  );
}
