// Daily capacity: how booked the next 14 days are, the limit per category
// (owner edits, staff read) and the closed dates. Limits and messages are
// core's; the server enforces them.
import type { ClosedDatesAddedView } from '@bakery/core';
import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, H5, NonIdealState, NumericInput, Tag } from '../ui/blueprint';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  can,
  CapacityLimitsSchema,
  ClosedDateRangeSchema,
  ClosedDateSchema,
  formatLongDate,
  type CapacityView,
  type ClosedDateView,
} from '@bakery/core';
import { api, messageOf } from '../api/client';
import { TextField } from '../ui/fields';
import { HeadedTable } from '../ui/HeadedTable';
import { QueryStatus } from '../ui/QueryStatus';
import { toast } from '../ui/toaster';
import { BOOKED_DAYS_KEY, BookedDaysCard } from './BookedDaysCard';
import { FormAlert } from './shared';

const KEY = ['/api/admin/kitchen/capacity'];

/** The close-a-date form: `until` set closes the whole range in one action (issue 14: holidays). */
const CLOSED_FIELDS = [
  { key: 'date', id: 'closed-date', label: 'Date', type: 'date' },
  { key: 'until', id: 'closed-until', label: 'Until (optional)', type: 'date' },
  { key: 'reason', id: 'closed-reason', label: 'Reason', maxLength: 200, placeholder: 'Holiday' },
] as const;

export function CapacityPanel({ role }: { role: string }) {
  const isOwner = can(role, 'manageKitchen');
  const client = useQueryClient();
  const capacity = useQuery({
    queryKey: KEY,
    queryFn: () => api<CapacityView>('/api/admin/kitchen/capacity'),
  });
  // Only the fields being edited; the others show the saved limit.
  const [draft, setDraft] = useState<Record<string, string>>({});
  // `until` set closes the whole range in one action (issue 14: holidays).
  const [closed, setClosed] = useState({ date: '', until: '', reason: '' });
  const [formError, setFormError] = useState<string | null>(null);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: BOOKED_DAYS_KEY });
  };
  const saveLimits = useMutation({
    mutationFn: (body: unknown) =>
      api<CapacityView>('/api/admin/kitchen/capacity', { method: 'PUT', body }),
    onSuccess: () => {
      setDraft({});
      refresh();
      toast('Capacity saved', 'The new limits apply to orders from now on', 'success');
    },
    onError: (err) => toast('Failed to save capacity', messageOf(err, 'Failed to save capacity')),
  });
  const addRange = useMutation({
    mutationFn: (body: unknown) =>
      api<ClosedDatesAddedView>('/api/admin/kitchen/closed-dates/range', { method: 'POST', body }),
    onSuccess: (added) => {
      setClosed({ date: '', until: '', reason: '' });
      refresh();
      const first = added.dates[0]?.date ?? '';
      const last = added.dates.at(-1)?.date ?? first;
      const span = `${formatLongDate(first)} to ${formatLongDate(last)}`;
      if (added.bookedOrders > 0)
        toast(
          'Dates closed',
          `${added.bookedOrders} ${added.bookedOrders === 1 ? 'order is' : 'orders are'} already booked from ${span}. Closing does not cancel them: contact those customers.`,
          'warning',
        );
      else
        toast(
          'Dates closed',
          `${span} (${added.dates.length} days) can no longer be chosen`,
          'success',
        );
    },
    onError: (err) =>
      toast('Failed to close the dates', messageOf(err, 'Failed to close the dates')),
  });
  const addClosed = useMutation({
    mutationFn: (body: unknown) =>
      api<ClosedDateView>('/api/admin/kitchen/closed-dates', { method: 'POST', body }),
    onSuccess: (added) => {
      setClosed({ date: '', until: '', reason: '' });
      refresh();
      const booked = added.bookedOrders ?? 0;
      if (booked > 0)
        toast(
          'Date closed',
          `${booked} ${booked === 1 ? 'order is' : 'orders are'} already booked for ${formatLongDate(added.date)}. Closing does not cancel them: contact those customers.`,
          'warning',
        );
      else toast('Date closed', `${formatLongDate(added.date)} can no longer be chosen`, 'success');
    },
    onError: (err) => toast('Failed to close the date', messageOf(err, 'Failed to close the date')),
  });
  const reopen = useMutation({
    mutationFn: (date: string) =>
      api(`/api/admin/kitchen/closed-dates/${date}`, { method: 'DELETE' }),
    onSuccess: refresh,
    onError: (err) =>
      toast('Failed to reopen the date', messageOf(err, 'Failed to reopen the date')),
  });

  if (!capacity.data) return <QueryStatus query={capacity} what="capacity" />;

  const submitLimits = (e: FormEvent) => {
    e.preventDefault();
    const limits = capacity.data!.limits.map((l) => {
      const text = draft[l.category] ?? String(l.maxUnits);
      return { category: l.category, maxUnits: text.trim() === '' ? undefined : text };
    });
    const parsed = CapacityLimitsSchema.safeParse({ limits });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? 'Invalid limits');
      return;
    }
    setFormError(null);
    saveLimits.mutate(parsed.data);
  };
  const submitClosed = (e: FormEvent) => {
    e.preventDefault();
    if (closed.until.trim() !== '' && closed.until !== closed.date) {
      const range = ClosedDateRangeSchema.safeParse({
        fromDate: closed.date,
        toDate: closed.until,
        reason: closed.reason,
      });
      if (!range.success) {
        setFormError(range.error.issues[0]?.message ?? 'Invalid dates');
        return;
      }
      setFormError(null);
      addRange.mutate(range.data);
      return;
    }
    const parsed = ClosedDateSchema.safeParse({ date: closed.date, reason: closed.reason });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? 'Invalid date');
      return;
    }
    setFormError(null);
    addClosed.mutate(parsed.data);
  };

  return (
    <>
      <BookedDaysCard />
      <div className="two-col">
        <Card>
          <H5>Daily limits per category</H5>
          <p className="muted">
            The most the kitchen takes for one pickup date. A 12-count of cookies counts 12 cookies,
            a box of muffins 6, a cake 1.
          </p>
          {!isOwner && <Callout intent="primary">Only the owner can change the limits.</Callout>}
          <FormAlert message={formError} />
          <form onSubmit={submitLimits} aria-label="Daily limits">
            <HeadedTable
              label="Daily limits per category"
              columns={['Category', 'Limit per day', 'Default']}
            >
              {capacity.data.limits.map((l) => (
                <tr key={l.category}>
                  <th scope="row">
                    <label htmlFor={`limit-${l.category}`}>{l.label}</label>
                  </th>
                  <td>
                    <NumericInput
                      id={`limit-${l.category}`}
                      min={0}
                      minorStepSize={null}
                      value={draft[l.category] ?? String(l.maxUnits)}
                      onValueChange={(_n, text) => setDraft((d) => ({ ...d, [l.category]: text }))}
                      disabled={!isOwner}
                      rightElement={<Tag minimal>{l.unit}</Tag>}
                      fill
                    />
                  </td>
                  <td>{l.defaultUnits}</td>
                </tr>
              ))}
            </HeadedTable>
            {isOwner && (
              <Button
                type="submit"
                intent="primary"
                icon="floppy-disk"
                text="Save limits"
                loading={saveLimits.isPending}
                style={{ marginTop: 8 }}
              />
            )}
          </form>
        </Card>
        <Card>
          <H5>Closed dates</H5>
          {isOwner && (
            <form onSubmit={submitClosed} aria-label="Close a date" className="range-bar">
              {CLOSED_FIELDS.map(({ key, ...field }) => (
                <TextField
                  key={key}
                  {...field}
                  inline
                  value={closed[key]}
                  onChange={(v) => setClosed((c) => ({ ...c, [key]: v }))}
                />
              ))}
              <Button
                type="submit"
                icon="disable"
                text={closed.until && closed.until !== closed.date ? 'Close dates' : 'Close date'}
                loading={addClosed.isPending || addRange.isPending}
              />
            </form>
          )}
          {capacity.data.closedDates.length === 0 ? (
            <NonIdealState icon="calendar" title="No closed dates" />
          ) : (
            <ul aria-label="Closed dates" className="plain-list">
              {capacity.data.closedDates.map((d) => (
                <li key={d.date}>
                  <strong>{formatLongDate(d.date)}</strong>
                  {d.reason ? ` — ${d.reason}` : ''}{' '}
                  {isOwner && (
                    <Button
                      small
                      minimal
                      icon="undo"
                      text="Reopen"
                      aria-label={`Reopen ${formatLongDate(d.date)}`}
                      onClick={() => reopen.mutate(d.date)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
