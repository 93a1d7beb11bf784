// Self-service on My Orders (issue 24): until the lock time (the order's
// `changeableUntil`, 48 hours before the pickup) the customer moves the date
// or time, changes quantities or cancels; the server re-prices and answers the
// new order. After the lock the buttons give way to a line saying why.
import {
  CUSTOMER_CHANGEABLE_STATES,
  MAX_ITEM_QUANTITY,
  PICKUP_SLOTS,
  pickupSlotsOn,
  bakeryToday,
  earliestPickupDate,
  formatDollars,
  formatLockTime,
  fulfillmentOf,
  lockTime,
  lockedMessage,
  type OrderView,
  RUSH_THRESHOLD_DAYS,
  isDateString,
  windowOption,
  type AvailabilityOfferView,
} from '@bakery/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ROUTES, type CustomerOrderChange, type OrderChangePreviewView } from '@bakery/core';
import { api, errorMessage } from '../../api/client';
import { MY_ORDERS_KEY } from '../../api/queries';

type Panel = null | 'date' | 'quantities' | 'cancel';
/** The three changes a customer may make, each opening its own form. */
const PANEL_BUTTONS = [
  ['date', 'Change date or time'],
  ['quantities', 'Change quantities'],
  ['cancel', 'Cancel order'],
] as const;

const newTotal = (o: OrderView) => `Your order was changed. New total: ${formatDollars(o.total)}.`;

/**
 * Sends a change or a cancel, then reloads My Orders: `onDone` gets the
 * message made from the answer's order, an error is shown in the form.
 */
function useOrderCall(order: OrderView, onDone: (message: string) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function call(send: () => Promise<{ order: OrderView }>, ok: (o: OrderView) => string) {
    setBusy(true);
    setError(null);
    let message: string | null = null;
    try {
      const answer = await send();
      await queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      message = ok(answer.order);
    } catch (failure) {
      setError(
        errorMessage(
          failure,
          `Order #${order.orderNumber} could not be changed. Please try again.`,
        ),
      );
    } finally {
      setBusy(false);
    }
    if (message) onDone(message);
  }
  /** A new date, time or quantities: the server re-prices and the new total is said. */
  const change = (body: CustomerOrderChange) =>
    call(() => api.call(ROUTES.changeMyOrder, { params: { id: order.id }, body }), newTotal);
  return { call, change, busy, error };
}

/** `value` once it has not changed for `ms` (a preview per pause in typing, not per key). */
function useSettled<T>(value: T, ms = 350): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * What the change would cost, before it is saved (issue 36): the server
 * prices it as it would save it (what was bought keeps its price) and says
 * why the total moves and what is due or refunded.
 */
function ChangePreview({
  order,
  change,
}: {
  order: OrderView;
  change: CustomerOrderChange | null;
}) {
  const settled = useSettled(change);
  const preview = useQuery({
    queryKey: ['order-change-preview', order.id, settled],
    enabled: settled !== null,
    retry: false,
    queryFn: ({ signal }) =>
      api.call(ROUTES.previewMyOrderChange, {
        params: { id: order.id },
        body: settled!,
        signal,
      }) as Promise<OrderChangePreviewView>,
  });
  if (!settled) return null;
  if (preview.isError)
    return (
      <p className="error-text" role="alert">
        {errorMessage(preview.error, 'This change cannot be priced. Please check it.')}
      </p>
    );
  const p = preview.data;
  if (!p) return <p className="muted">Pricing the change…</p>;
  if (p.total === p.previousTotal && p.changes.length === 0) return null;
  return (
    <div className="change-preview" aria-live="polite">
      <p>
        New total: <strong>{formatDollars(p.total)}</strong> (was {formatDollars(p.previousTotal)}).
        {p.amountDue > 0 && order.received > 0 && (
          <> {formatDollars(p.amountDue)} more to pay when you pick up your order.</>
        )}
        {p.refundDue > 0 && <> We will refund {formatDollars(p.refundDue)} to the way you paid.</>}
      </p>
      {p.changes.some((line) => line.startsWith('Total:')) && (
        <p className="muted">{p.changes.find((line) => line.startsWith('Total:'))}</p>
      )}
    </div>
  );
}

/** A change the customer opened: its order, and what to say when it closes (null: kept as it was). */
interface ChangeStepProps {
  order: OrderView;
  onDone: (message: string | null) => void;
}

/**
 * The day's pickup windows with what is left for this order (issue 37), from
 * the availability answer; [] on a day without windows (the half-hour slots).
 * The order's own window is never shown full: its units are already there.
 */
function useDayWindows(order: OrderView, date: string) {
  const offer = useQuery<AvailabilityOfferView>({
    queryKey: [ROUTES.availability.path, date, date],
    enabled: isDateString(date),
    queryFn: () => api.call(ROUTES.availability, { query: { fromDate: date, toDate: date } }),
  });
  const day = offer.data?.days.find((d) => d.date === date);
  const fulfillment = order.deliveryMethod === 'delivery' ? 'delivery' : 'pickup';
  const lines = order.items.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    variant: l.variant,
  }));
  return (day?.windows ?? [])
    .filter((w) => w.id !== null && w.fulfillment === fulfillment)
    .map((w) => {
      const current = date === order.pickupDate && w.time === order.pickupTime;
      const option = windowOption(w, lines, day?.drops);
      return current
        ? { value: w.time, label: `${w.label} (your current window)`, full: false }
        : { value: w.time, label: option.label, full: option.full };
    });
}

function DateForm({ order, onDone }: ChangeStepProps) {
  const id = useId();
  const [date, setDate] = useState(order.pickupDate ?? '');
  const [time, setTime] = useState(order.pickupTime ?? PICKUP_SLOTS[0]!);
  const { change, busy, error } = useOrderCall(order, onDone);
  const windows = useDayWindows(order, date);
  // A day with windows offers them only: a time that is none of them is cleared.
  const windowed = windows.length > 0;
  const chosen = windowed && !windows.some((w) => w.value === time && !w.full) ? '' : time;
  async function submit(event: FormEvent) {
    event.preventDefault();
    await change({ pickupDate: date, pickupTime: chosen });
  }
  const what = order.deliveryMethod === 'delivery' ? 'Delivery' : 'Pickup';
  return (
    <form
      className="self-service-form"
      onSubmit={(e) => void submit(e)}
      aria-label="Change date or time"
    >
      <label htmlFor={`${id}-date`}>New {what.toLowerCase()} date</label>
      <input
        id={`${id}-date`}
        type="date"
        required
        min={earliestPickupDate(bakeryToday())}
        value={date}
        onChange={(e) => setDate(e.target.value)}
      />
      <label htmlFor={`${id}-time`}>
        {what} {windowed ? 'window' : 'time'}
      </label>
      <select id={`${id}-time`} required value={chosen} onChange={(e) => setTime(e.target.value)}>
        {windowed ? (
          <>
            <option value="">Select a window</option>
            {windows.map((w) => (
              <option key={w.value} value={w.value} disabled={w.full}>
                {w.label}
              </option>
            ))}
          </>
        ) : (
          (date ? pickupSlotsOn(date) : PICKUP_SLOTS).map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))
        )}
      </select>
      <p className="muted">A date less than {RUSH_THRESHOLD_DAYS} days away adds the rush fee.</p>
      <ChangePreview
        order={order}
        change={
          date && chosen && (date !== order.pickupDate || chosen !== order.pickupTime)
            ? { pickupDate: date, pickupTime: chosen }
            : null
        }
      />
      <FormEnd error={error} busy={busy} save="Save new date" onKeep={() => onDone(null)} />
    </form>
  );
}

function QuantitiesForm({ order, onDone }: ChangeStepProps) {
  const id = useId();
  const [quantities, setQuantities] = useState(order.items.map((line) => String(line.quantity)));
  const { change, busy, error } = useOrderCall(order, onDone);
  const itemsOf = () =>
    order.items.flatMap((line, index) => {
      const quantity = Number(quantities[index]);
      return quantity > 0
        ? [
            {
              productId: line.productId,
              quantity,
              variant: line.variant,
              filling: line.filling,
              addIn: line.addIn,
            },
          ]
        : [];
    });
  async function submit(event: FormEvent) {
    event.preventDefault();
    await change({ items: itemsOf() });
  }
  const changed = quantities.some((q, i) => Number(q) !== order.items[i]!.quantity);
  const valid = quantities.every((q) => /^\d+$/.test(q)) && itemsOf().length > 0;
  return (
    <form
      className="self-service-form"
      onSubmit={(e) => void submit(e)}
      aria-label="Change quantities"
    >
      {order.items.map((line, index) => (
        <div key={`${line.productId}-${index}`} className="form-row">
          <label htmlFor={`${id}-${index}`}>
            Quantity of {line.name}
            {line.variantLabel ? ` (${line.variantLabel})` : ''}
          </label>
          <input
            id={`${id}-${index}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_ITEM_QUANTITY}
            required
            value={quantities[index]}
            onChange={(e) =>
              setQuantities((all) => all.map((q, i) => (i === index ? e.target.value : q)))
            }
          />
        </div>
      ))}
      <p className="muted">
        Set a quantity to 0 to remove that item. What you already ordered keeps its price.
      </p>
      <ChangePreview
        order={order}
        change={changed && valid ? ({ items: itemsOf() } as CustomerOrderChange) : null}
      />
      <FormEnd error={error} busy={busy} save="Save quantities" onKeep={() => onDone(null)} />
    </form>
  );
}

function CancelConfirm({ order, onDone }: ChangeStepProps) {
  const { call, busy, error } = useOrderCall(order, onDone);
  const confirm = () =>
    call(
      () => api.call(ROUTES.cancelMyOrder, { params: { id: order.id }, body: {} }),
      () => 'Your order was cancelled.',
    );
  return (
    <div className="self-service-form" role="group" aria-label="Cancel order">
      <p>
        Cancel order #{order.orderNumber}? This cannot be undone online.
        {order.received > order.refundedAmount ? ' We will refund your payment.' : ''}
      </p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? 'Cancelling...' : 'Yes, cancel the order'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onDone(null)}>
          Keep the order
        </button>
      </div>
    </div>
  );
}

/** The self-service buttons of one order, or why they are gone. */
export function OrderChanges({ order }: { order: OrderView }) {
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const state = fulfillmentOf(order);
  // A cancel ends the self-service, but its confirmation stays in view.
  if (!CUSTOMER_CHANGEABLE_STATES.includes(state))
    return notice ? (
      <p role="status" className="muted">
        {notice}
      </p>
    ) : null;
  if (!order.changeableUntil) {
    const lockAt = lockTime(order);
    return lockAt ? (
      <p className="muted self-service-closed" data-testid="changes-closed">
        {lockedMessage(lockAt, order.createdAt)}
      </p>
    ) : null;
  }
  const open = (next: Panel) => {
    setNotice(null);
    setPanel((current) => (current === next ? null : next));
  };
  const close = (message: string | null) => {
    setPanel(null);
    setNotice(message);
  };
  const suffix = <span className="sr-only"> for order #{order.orderNumber}</span>;
  return (
    <div className="self-service">
      <p className="muted">
        You can change or cancel this order online until{' '}
        {formatLockTime(new Date(order.changeableUntil))}.
      </p>
      <div className="button-row">
        {PANEL_BUTTONS.map(([name, text]) => (
          <button
            key={name}
            type="button"
            className="btn btn-secondary"
            aria-expanded={panel === name}
            onClick={() => open(name)}
          >
            {text}
            {suffix}
          </button>
        ))}
      </div>
      {panel === 'date' && <DateForm order={order} onDone={close} />}
      {panel === 'quantities' && <QuantitiesForm order={order} onDone={close} />}
      {panel === 'cancel' && <CancelConfirm order={order} onDone={close} />}
      <p role="status" className="muted">
        {notice ?? ''}
      </p>
    </div>
  );
}

/** A change form's end: its error, Save (Saving... while it runs) and Keep as is. */
function FormEnd({
  error,
  busy,
  save,
  onKeep,
}: {
  error: string | null;
  busy: boolean;
  save: string;
  onKeep: () => void;
}) {
  return (
    <>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : save}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onKeep}>
          Keep as is
        </button>
      </div>
    </>
  );
}
