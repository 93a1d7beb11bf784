// The desk's second toolbar, the counter (issue 23): open an order by its
// pickup code; act on the rows ticked in the grid (mark ready, print their
// tickets, hand them over); act on the whole day (mark ready, pick list,
// labels).
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { formatLongDate, type OrderView, type BulkOrdersAnswer } from '@bakery/core';
import { api, messageOf } from '../api/client';
import { toast } from '../ui/toaster';
import { Button, InputGroup } from '../ui/blueprint';
import { LabelButtons } from '../allergens/LabelButtons';

/** The toast of a bulk call: its count, and why the refused ones were refused. */
function reportBulk(answer: BulkOrdersAnswer, ticked: OrderView[]) {
  const refused = answer.results.filter((r) => !r.ok);
  const why = refused
    .slice(0, 3)
    .map((r) => `#${ticked.find((o) => o.id === r.id)?.orderNumber ?? r.id}: ${r.message ?? ''}`)
    .join('; ');
  toast(answer.message, why || undefined, refused.length ? 'warning' : 'success');
}

export function CounterBar({
  ticked,
  clearTicked,
  day,
  isToday,
  open,
  print,
  refresh,
}: {
  /** The rows ticked in the grid. */
  ticked: OrderView[];
  clearTicked(): void;
  /** The day the day actions act on (the pick list's day). */
  day: string;
  isToday: boolean;
  open(order: OrderView): void;
  print(
    paper: { kind: 'tickets'; orders: OrderView[] } | { kind: 'pick' | 'labels'; date: string },
  ): void;
  refresh(): void;
}) {
  const [code, setCode] = useState('');
  const openByCode = useMutation({
    mutationFn: (typed: string) =>
      api<OrderView>(`/api/admin/orders/by-code/${encodeURIComponent(typed.trim())}`),
    onSuccess: (order) => {
      setCode('');
      open(order);
    },
    onError: (err) => toast('No such pickup code', messageOf(err, 'No order has this pickup code')),
  });
  const bulk = useMutation({
    mutationFn: ({ path, body }: { path: string; body: object }) =>
      api<BulkOrdersAnswer>(path, { method: 'POST', body }),
    onSuccess: (answer, { body }) => {
      refresh();
      if ('ids' in body) {
        reportBulk(answer, ticked);
        clearTicked();
      } else toast(answer.message, undefined, 'success');
    },
    onError: (err) => toast('Update Failed', messageOf(err, 'Failed to update the orders')),
  });
  const ids = ticked.map((o) => o.id);

  return (
    <div className="desk-bar" role="toolbar" aria-label="Counter">
      <form
        className="inline-field"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) openByCode.mutate(code);
        }}
      >
        <InputGroup
          small
          leftIcon="barcode"
          placeholder="Pickup code"
          aria-label="Pickup code"
          value={code}
          onValueChange={setCode}
          style={{ width: 120 }}
        />
      </form>
      {ticked.length > 0 && (
        <div className="bp6-button-group" role="group" aria-label="Ticked orders">
          <span className="muted bulk-count" aria-live="polite">
            {ticked.length} ticked
          </span>
          <Button
            small
            icon="tick-circle"
            text="Mark ready"
            disabled={bulk.isPending}
            onClick={() => bulk.mutate({ path: '/api/admin/orders/ready', body: { ids } })}
          />
          <Button
            small
            icon="print"
            text="Print tickets"
            onClick={() => print({ kind: 'tickets', orders: ticked })}
          />
          <Button
            small
            icon="hand"
            text="Hand over"
            title="Hand over the ticked orders that are paid; unpaid ones are named and left"
            disabled={bulk.isPending}
            onClick={() => bulk.mutate({ path: '/api/admin/orders/hand-over', body: { ids } })}
          />
          <Button small minimal text="Clear" onClick={clearTicked} />
        </div>
      )}
      <span className="spacer" />
      <Button
        icon="tick-circle"
        small
        text={isToday ? 'Mark today ready' : 'Mark day ready'}
        title={`Mark every open order due ${formatLongDate(day)} ready`}
        disabled={bulk.isPending}
        onClick={() => bulk.mutate({ path: '/api/admin/orders/ready', body: { pickupDate: day } })}
      />
      <Button
        icon="th-list"
        small
        text="Pick list"
        onClick={() => print({ kind: 'pick', date: day })}
      />
      <Button
        icon="tag"
        small
        text="Cake labels"
        onClick={() => print({ kind: 'labels', date: day })}
      />
      <LabelButtons date={day} small />
    </div>
  );
}
