import { useState, type FormEvent } from 'react';
import {
  DeliveryFeeSchema,
  changeDueCents,
  formatCents,
  formatDollars,
  isDeliveryFeeCorrection,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  RefundSchema,
  type OrderView,
  type PaymentMethod,
} from '@bakery/core';
import { Button, Callout, HTMLSelect } from '../ui/blueprint';
import { parsedOr, TextField } from '../ui/fields';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { dollarsToTender } from './counter/TenderField';
import {
  BUTTON_LABELS,
  confirmationFor,
  counterButtons,
  DELIVERY_PRICING_NOTE,
  orderButtons,
  type OrderButton,
} from './actions';

/** A keyboard shortcut's button; a new object per press. */
export interface ShortcutRequest {
  button: OrderButton;
}

/** What an action takes besides the order: the payment taken at hand-over, a refund. */
export interface ActionInput {
  payment?: { method: PaymentMethod };
  refund?: { amount: number; reason: string };
}

export interface OrderActionHandlers {
  run(button: Exclude<OrderButton, 'calculateDeliveryFee'>, input?: ActionInput): void;
  submitDeliveryFee(fee: number, distance: number | null): void;
  busy?: boolean;
  /** Delete is the owner's (core's deleteOrders); default true. */
  canDelete?: boolean;
}

const INTENTS: Partial<Record<OrderButton, 'primary' | 'success' | 'danger' | 'warning'>> = {
  confirmPayment: 'success',
  markComplete: 'primary',
  fulfill: 'primary',
  markReady: 'primary',
  sendOut: 'primary',
  cancel: 'warning',
  restore: 'success',
  delete: 'danger',
};

export function OrderActions({
  order,
  handlers,
  request = null,
}: {
  order: OrderView;
  handlers: OrderActionHandlers;
  /** A shortcut pressed on the grid (H: Fulfill): its question opens, once per press. */
  request?: ShortcutRequest | null;
}) {
  const buttons = orderButtons(order).filter((b) => b !== 'delete' || handlers.canDelete !== false);
  const counter = counterButtons(order);
  // The buttons that act at once (or after their question): the fee and the
  // refund open their own forms below.
  const plain = [...buttons, ...counter].filter(
    (b): b is Exclude<OrderButton, 'calculateDeliveryFee' | 'refund'> =>
      b !== 'calculateDeliveryFee' && b !== 'refund',
  );
  const [asking, setAsking] = useState<OrderButton | null>(null);
  /** Issue 38: the question came from the counter (a pickup code, H): its action is focused. */
  const [byShortcut, setByShortcut] = useState(false);
  const [tendered, setTendered] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [refunding, setRefunding] = useState(false);
  // A shortcut's question opens once per press (state adjusted while rendering, no effect).
  const [seen, setSeen] = useState<ShortcutRequest | null>(null);
  if (request !== seen) {
    setSeen(request);
    if (request && buttons.includes(request.button) && confirmationFor(order, request.button)) {
      setAsking(request.button);
      setByShortcut(true);
      setTendered('');
    }
  }
  // Hand over of an unpaid order: the amount due first, the payment taken with it.
  const takingPayment = asking === 'fulfill' && order.paymentStatus === 'pending';
  const [correcting, setCorrecting] = useState(false);
  const question = asking ? confirmationFor(order, asking) : null;
  // Cash at the hand-over: the amount tendered and the change due (the server records the amount due).
  const tenderedCents = dollarsToTender(tendered);
  const dueCents = Math.round(order.amountDue * 100);
  const change = tenderedCents === null ? null : changeDueCents(dueCents, tenderedCents);
  const confirmAsked = () => {
    if (!asking || asking === 'calculateDeliveryFee') return;
    if (takingPayment) handlers.run(asking, { payment: { method } });
    else handlers.run(asking);
  };
  const closeAsk = () => {
    setAsking(null);
    setByShortcut(false);
    setTendered('');
  };
  const feeAllowed = buttons.includes('calculateDeliveryFee');
  const correction = isDeliveryFeeCorrection(order);
  return (
    <>
      {feeAllowed && !correction && (
        <DeliveryFeeForm
          key={order.id}
          title="Delivery fee pending"
          submitText="Calculate Delivery Fee"
          onSubmit={handlers.submitDeliveryFee}
          busy={handlers.busy}
        />
      )}
      {feeAllowed && correction && correcting && (
        <DeliveryFeeForm
          key={`${order.id}-correct`}
          title="Correct the delivery fee"
          submitText="Save corrected fee"
          initialFee={String(order.deliveryFee)}
          initialDistance={order.deliveryDistance === null ? '' : String(order.deliveryDistance)}
          onSubmit={(fee, distance) => {
            setCorrecting(false);
            handlers.submitDeliveryFee(fee, distance);
          }}
          onCancel={() => setCorrecting(false)}
          busy={handlers.busy}
        />
      )}
      <div className="button-row" role="toolbar" aria-label="Order actions">
        {plain.map((b) => (
          <Button
            key={b}
            text={BUTTON_LABELS[b]}
            intent={INTENTS[b] ?? 'none'}
            disabled={handlers.busy}
            onClick={() => {
              if (confirmationFor(order, b)) {
                setByShortcut(false);
                setAsking(b);
              } else handlers.run(b);
            }}
          />
        ))}
        {counter.includes('refund') && (
          <Button
            text={BUTTON_LABELS.refund}
            disabled={handlers.busy}
            onClick={() => setRefunding(true)}
          />
        )}
        {feeAllowed && correction && !correcting && (
          <Button
            icon="edit"
            text="Correct delivery fee"
            disabled={handlers.busy}
            onClick={() => setCorrecting(true)}
          />
        )}
      </div>
      <ConfirmDialog
        isOpen={question !== null}
        title={question?.title ?? ''}
        confirmText={takingPayment ? 'Take payment and hand over' : (question?.confirm ?? '')}
        intent={asking === 'fulfill' || asking === 'archive' ? 'primary' : 'danger'}
        focusConfirm={byShortcut && asking === 'fulfill' && !takingPayment}
        onClose={closeAsk}
        onConfirm={confirmAsked}
      >
        <p>{question?.text}</p>
        {takingPayment && (
          <p className="inline-field">
            <strong data-testid="amount-due">{formatDollars(order.amountDue)} due.</strong>{' '}
            <label>
              Paid by{' '}
              <HTMLSelect
                // The counter's keyboard path (issue 23): the method first, Tab, Enter.
                autoFocus
                aria-label="Paid by"
                value={method}
                onChange={(e) => setMethod(e.currentTarget.value as PaymentMethod)}
                options={PAYMENT_METHODS.map((m) => ({
                  value: m,
                  label: PAYMENT_METHOD_LABELS[m],
                }))}
              />
            </label>
          </p>
        )}
        {takingPayment && method === 'cash' && (
          <p className="inline-field">
            <label>
              Cash tendered ($){' '}
              <input
                className="bp6-input"
                inputMode="decimal"
                aria-label="Cash tendered ($)"
                value={tendered}
                onChange={(e) => setTendered(e.currentTarget.value)}
                // Enter here hands over, as the confirm button does.
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  closeAsk();
                  confirmAsked();
                }}
              />
            </label>{' '}
            {tenderedCents !== null && (
              <strong role="status" data-testid="change-due">
                {change === null
                  ? `${formatDollars(order.amountDue)} due: that is not enough`
                  : `Change due: ${formatCents(change)}`}
              </strong>
            )}
          </p>
        )}
      </ConfirmDialog>
      {refunding && (
        <RefundForm
          paid={order.total - order.refundedAmount}
          onCancel={() => setRefunding(false)}
          onSubmit={(refund) => {
            setRefunding(false);
            handlers.run('refund', { refund });
          }}
          busy={handlers.busy}
        />
      )}
    </>
  );
}

const FEE_FIELDS = [
  { key: 'fee', id: 'delivery-fee', label: 'Delivery fee ($)', step: 0.01 },
  { key: 'distance', id: 'delivery-distance', label: 'Distance (miles, optional)', step: 0.1 },
] as const;

function DeliveryFeeForm({
  title,
  submitText,
  initialFee = '',
  initialDistance = '',
  onSubmit,
  onCancel,
  busy,
}: {
  title: string;
  submitText: string;
  initialFee?: string;
  initialDistance?: string;
  onSubmit(fee: number, distance: number | null): void;
  onCancel?(): void;
  busy?: boolean;
}) {
  const [values, setValues] = useState({ fee: initialFee, distance: initialDistance });
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const distance = values.distance.trim() === '' ? null : Number(values.distance);
    const parsed = parsedOr(
      DeliveryFeeSchema.safeParse({
        deliveryFee: values.fee.trim() === '' ? Number.NaN : Number(values.fee),
        deliveryDistance: distance,
      }),
      'Please enter a valid delivery fee amount',
      setError,
    );
    if (parsed) onSubmit(Number(values.fee), distance);
  };
  return (
    <Callout intent="warning" title={title} style={{ margin: '8px 0' }}>
      <p className="muted">{DELIVERY_PRICING_NOTE}</p>
      <form noValidate className="range-bar" onSubmit={submit}>
        {FEE_FIELDS.map((f) => (
          <TextField
            key={f.key}
            id={f.id}
            label={f.label}
            type="number"
            min={0}
            step={f.step}
            value={values[f.key]}
            onChange={(v) => setValues((p) => ({ ...p, [f.key]: v }))}
            error={f.key === 'fee' ? error : null}
          />
        ))}
        <Button type="submit" intent="primary" text={submitText} disabled={busy} />
        {onCancel && <Button text="Cancel" minimal onClick={onCancel} />}
      </form>
    </Callout>
  );
}

/** A refund is its own recorded action: how much and why (never a cancel). */
function RefundForm({
  paid,
  onSubmit,
  onCancel,
  busy,
}: {
  paid: number;
  onSubmit(refund: { amount: number; reason: string }): void;
  onCancel(): void;
  busy?: boolean;
}) {
  const [values, setValues] = useState({ amount: paid.toFixed(2), reason: '' });
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parsedOr(
      RefundSchema.safeParse({ amount: Number(values.amount), reason: values.reason }),
      'Check the refund',
      setError,
    );
    if (parsed) onSubmit(parsed);
  };
  return (
    <Callout intent="primary" title="Record a refund" style={{ margin: '8px 0' }}>
      <form noValidate className="range-bar" onSubmit={submit}>
        <TextField
          id="refund-amount"
          label="Amount ($)"
          type="number"
          step={0.01}
          value={values.amount}
          onChange={(amount) => setValues((v) => ({ ...v, amount }))}
        />
        <TextField
          id="refund-reason"
          label="Reason"
          value={values.reason}
          onChange={(reason) => setValues((v) => ({ ...v, reason }))}
        />
        <Button type="submit" intent="primary" text="Record refund" disabled={busy} />
        <Button text="Cancel" onClick={onCancel} />
      </form>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </Callout>
  );
}
