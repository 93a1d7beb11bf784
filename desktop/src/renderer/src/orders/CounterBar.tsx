// The desk's second toolbar, the counter (issue 23): open an order by its
// pickup code; act on the rows ticked in the grid (mark ready, print their
// tickets, hand them over); act on the whole day (mark ready, pick list,
// labels).
import { useState } from 'react';
import { formatLongDate, type OrderView } from '@bakery/core';
import { Button, InputGroup } from '../ui/blueprint';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LabelButtons } from '../allergens/LabelButtons';
import { NewOrderDialog } from './counter/NewOrderDialog';
import { AddItemsDialog } from './counter/AddItemsDialog';
import { QuickSaleDialog } from './counter/QuickSaleDialog';
import { CashUpDialog } from './counter/CashUpDialog';
import { TickedActions } from './TickedActions';
import { useCounter, type ReadyQuestion } from './useCounter';

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
  const [asking, setAsking] = useState<ReadyQuestion | null>(null);
  const { openByCode, bulk, ready } = useCounter({
    ticked,
    clearTicked,
    refresh,
    openForHandOver,
    onCodeOpened: () => setCode(''),
    askAgain: setAsking,
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
      <TickedActions
        ticked={ticked}
        busy={bulk.isPending}
        onMarkReady={() =>
          setAsking({
            body: { ids },
            text: `Mark ${ticked.length === 1 ? 'the ticked order' : `the ${ticked.length} ticked orders`} ready? Each customer is e-mailed now that the order is ready.`,
            again: false,
          })
        }
        onPrint={() => print({ kind: 'tickets', orders: ticked })}
        onHandOver={() => bulk.mutate({ body: { ids } })}
        clearTicked={clearTicked}
      />
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
