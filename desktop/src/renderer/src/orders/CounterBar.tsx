// The desk's second toolbar, the counter (issue 23): open an order by its
// pickup code; act on the rows ticked in the grid (mark ready, print their
// tickets, hand them over); act on the whole day (mark ready, pick list,
// labels).
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  apiErrorCode,
  formatLongDate,
  ROUTES,
  type BulkReady,
  type OrderView,
  type BulkOrdersAnswer,
  type RouteBody,
} from '@bakery/core';
import { client, messageOf } from '../api/client';
import { toast } from '../ui/toaster';
import { Button, InputGroup } from '../ui/blueprint';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LabelButtons } from '../allergens/LabelButtons';
import { NewOrderDialog } from './counter/NewOrderDialog';
import { AddItemsDialog } from './counter/AddItemsDialog';
import { QuickSaleDialog } from './counter/QuickSaleDialog';
import { CashUpDialog } from './counter/CashUpDialog';

/** Mark Ready mails every customer: the desk asks first, and again for a far day (issue 36). */
interface ReadyQuestion {
  body: BulkReady;
  text: string;
  /** The server's second question (a day other than today or tomorrow). */
  again: boolean;
}

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
  openForHandOver,
  selected,
  print,
  refresh,
}: {
  /** Issue 42: a typed pickup code opens its order with the hand-over asked. */
  openForHandOver(order: OrderView): void;
  /** The order open in the detail (Add items acts on it). */
  selected: OrderView | null;
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
  const [dialog, setDialog] = useState<'new' | 'add' | 'sale' | 'cash' | null>(null);
  const openByCode = useMutation({
    mutationFn: (typed: string) =>
      client.call(ROUTES.orderByCode, { params: { code: typed.trim() } }),
    onSuccess: (order) => {
      setCode('');
      openForHandOver(order);
    },
    onError: (err) => toast('No such pickup code', messageOf(err, 'No order has this pickup code')),
  });
  const bulk = useMutation({
    mutationFn: ({ body }: { body: RouteBody<typeof ROUTES.ordersHandOver> }) =>
      client.call(ROUTES.ordersHandOver, { body }),
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
  const [asking, setAsking] = useState<ReadyQuestion | null>(null);
  const undoReady = useMutation({
    mutationFn: (readyIds: string[]) =>
      client.call(ROUTES.ordersReadyUndo, { body: { ids: readyIds } }),
    onSuccess: (answer) => {
      refresh();
      toast(answer.message, 'Customers already e-mailed were not told again.', 'success');
    },
    onError: (err) => toast('Undo Failed', messageOf(err, 'Failed to undo Mark Ready')),
  });
  const ready = useMutation({
    mutationFn: (body: BulkReady) => client.call(ROUTES.ordersReady, { body }),
    onSuccess: (answer, body) => {
      refresh();
      const done = answer.results.filter((r) => r.ok && r.message !== 'Already ready');
      const refused = answer.results.filter((r) => !r.ok);
      toast(
        answer.message,
        refused.length
          ? refused
              .slice(0, 3)
              .map((r) => r.message)
              .join('; ')
          : undefined,
        refused.length ? 'warning' : 'success',
        done.length
          ? { text: 'Undo', onClick: () => undoReady.mutate(done.map((r) => r.id)) }
          : undefined,
      );
      if (body.ids) clearTicked();
    },
    onError: (err, body) => {
      if (apiErrorCode(err) === 'confirmation_required')
        setAsking({
          body: { ...body, confirmed: true },
          text: messageOf(err, 'These orders are not due today or tomorrow.'),
          again: true,
        });
      else toast('Update Failed', messageOf(err, 'Failed to mark the orders ready'));
    },
  });

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
      <Button
        small
        icon="phone"
        text="New order"
        title="Take a phone or counter order"
        onClick={() => setDialog('new')}
      />
      <Button
        small
        icon="shopping-cart"
        text="Sale"
        aria-label="Quick sale"
        title="Quick sale: sell what is on the shelf to a walk-in"
        onClick={() => setDialog('sale')}
      />
      {selected && (
        <Button
          small
          icon="add-to-artifact"
          aria-label="Add items"
          title={`Add items to #${selected.orderNumber}`}
          onClick={() => setDialog('add')}
        />
      )}
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
            onClick={() =>
              setAsking({
                body: { ids },
                text: `Mark ${ticked.length === 1 ? 'the ticked order' : `the ${ticked.length} ticked orders`} ready? Each customer is e-mailed now that the order is ready.`,
                again: false,
              })
            }
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
            onClick={() => bulk.mutate({ body: { ids } })}
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
        disabled={ready.isPending}
        onClick={() =>
          setAsking({
            body: { pickupDate: day },
            text: `Mark every open order due ${formatLongDate(day)} ready? Each customer is e-mailed now that the order is ready.`,
            again: false,
          })
        }
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
      <Button
        icon="bank-account"
        small
        aria-label="Cash-up"
        title="Cash-up: the day's expected cash and the count"
        onClick={() => setDialog('cash')}
      />
      {dialog === 'new' && (
        <NewOrderDialog
          onClose={() => setDialog(null)}
          onTaken={(order) => {
            setDialog(null);
            refresh();
            open(order);
          }}
        />
      )}
      {dialog === 'cash' && <CashUpDialog onClose={() => setDialog(null)} />}
      {dialog === 'sale' && <QuickSaleDialog onClose={() => setDialog(null)} onSold={refresh} />}
      {dialog === 'add' && selected && (
        <AddItemsDialog
          order={selected}
          onClose={() => setDialog(null)}
          onAdded={(order) => {
            setDialog(null);
            refresh();
            open(order);
          }}
        />
      )}
      <ConfirmDialog
        isOpen={asking !== null}
        title={asking?.again ? 'Not today or tomorrow' : 'Mark ready'}
        confirmText={asking?.again ? 'Mark ready and e-mail them' : 'Mark ready'}
        cancelText="Not now"
        intent={asking?.again ? 'warning' : 'primary'}
        onConfirm={() => asking && ready.mutate(asking.body)}
        onClose={() => setAsking(null)}
      >
        <p>{asking?.text}</p>
      </ConfirmDialog>
    </div>
  );
}
