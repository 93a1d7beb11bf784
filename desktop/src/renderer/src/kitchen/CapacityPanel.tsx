// Daily capacity: how booked the next 14 days are, the limit per category
// (owner edits, staff read) and the closed dates. Limits and messages are
// core's; the server enforces them. Data in useCapacity, tables in
// CapacityTables (issue 21 split).
import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, H5 } from '../ui/blueprint';
import { can, CapacityLimitsSchema, ClosedDateRangeSchema, ClosedDateSchema } from '@bakery/core';
import { parsedOr, TextField } from '../ui/fields';
import { QueryStatus } from '../ui/QueryStatus';
import { BookedDaysCard } from './BookedDaysCard';
import { ClosedDatesList, LimitsTable } from './CapacityTables';
import { FormAlert } from './shared';
import { useCapacity } from './useCapacity';

/** The close-a-date form: `until` set closes the whole range in one action (issue 14: holidays). */
const CLOSED_FIELDS = [
  { key: 'date', id: 'closed-date', label: 'Date', type: 'date' },
  { key: 'until', id: 'closed-until', label: 'Until (optional)', type: 'date' },
  { key: 'reason', id: 'closed-reason', label: 'Reason', maxLength: 200, placeholder: 'Holiday' },
] as const;
const noClosed = { date: '', until: '', reason: '' };

export function CapacityPanel({ role }: { role: string }) {
  const isOwner = can(role, 'manageKitchen');
  // Only the fields being edited; the others show the saved limit.
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [closed, setClosed] = useState(noClosed);
  const [formError, setFormError] = useState<string | null>(null);
  const { capacity, saveLimits, addRange, addClosed, reopen } = useCapacity();
  const cleared = { onSuccess: () => setClosed(noClosed) };

  if (!capacity.data) return <QueryStatus query={capacity} what="capacity" />;

  const submitLimits = (e: FormEvent) => {
    e.preventDefault();
    const limits = capacity.data!.limits.map((l) => {
      const text = draft[l.category] ?? String(l.maxUnits);
      return { category: l.category, maxUnits: text.trim() === '' ? undefined : text };
    });
    const parsed = parsedOr(
      CapacityLimitsSchema.safeParse({ limits }),
      'Invalid limits',
      setFormError,
    );
    if (parsed) saveLimits.mutate(parsed, { onSuccess: () => setDraft({}) });
  };
  const submitClosed = (e: FormEvent) => {
    e.preventDefault();
    if (closed.until.trim() !== '' && closed.until !== closed.date) {
      const range = parsedOr(
        ClosedDateRangeSchema.safeParse({
          fromDate: closed.date,
          toDate: closed.until,
          reason: closed.reason,
        }),
        'Invalid dates',
        setFormError,
      );
      if (range) addRange.mutate(range, cleared);
      return;
    }
    const parsed = parsedOr(
      ClosedDateSchema.safeParse({ date: closed.date, reason: closed.reason }),
      'Invalid date',
      setFormError,
    );
    if (parsed) addClosed.mutate(parsed, cleared);
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
            <LimitsTable
              limits={capacity.data.limits}
              draft={draft}
              isOwner={isOwner}
              onEdit={(category, text) => setDraft((d) => ({ ...d, [category]: text }))}
            />
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
          <ClosedDatesList
            closedDates={capacity.data.closedDates}
            isOwner={isOwner}
            onReopen={(date) => reopen.mutate(date)}
          />
        </Card>
      </div>
    </>
  );
}
