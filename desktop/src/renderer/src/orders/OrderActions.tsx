import { useState } from 'react';
import { DeliveryFeeSchema, isDeliveryFeeCorrection, type OrderView } from '@bakery/core';
import { Button, Callout } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import {
  BUTTON_LABELS,
  confirmationFor,
  DELIVERY_PRICING_NOTE,
  orderButtons,
  type OrderButton,
} from './actions';

export interface OrderActionHandlers {
  run(button: Exclude<OrderButton, 'calculateDeliveryFee'>): void;
  submitDeliveryFee(fee: number, distance: number | null): void;
  busy?: boolean;
}

const INTENTS: Partial<Record<OrderButton, 'primary' | 'success' | 'danger' | 'warning'>> = {
  confirmPayment: 'success',
  markComplete: 'primary',
  fulfill: 'primary',
  cancel: 'warning',
  delete: 'danger',
};

export function OrderActions({
  order,
  handlers,
}: {
  order: OrderView;
  handlers: OrderActionHandlers;
}) {
  const buttons = orderButtons(order);
  const [asking, setAsking] = useState<OrderButton | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const question = asking ? confirmationFor(order, asking) : null;
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
        {buttons
          .filter((b) => b !== 'calculateDeliveryFee')
          .map((b) => (
            <Button
              key={b}
              text={BUTTON_LABELS[b]}
              intent={INTENTS[b] ?? 'none'}
              disabled={handlers.busy}
              onClick={() =>
                confirmationFor(order, b)
                  ? setAsking(b)
                  : handlers.run(b as Exclude<OrderButton, 'calculateDeliveryFee'>)
              }
            />
          ))}
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
        confirmText={question?.confirm ?? ''}
        intent={asking === 'fulfill' ? 'primary' : 'danger'}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          if (asking && asking !== 'calculateDeliveryFee') handlers.run(asking);
        }}
      >
        <p>{question?.text}</p>
      </ConfirmDialog>
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
  const submit = () => {
    const distance = values.distance.trim() === '' ? null : Number(values.distance);
    const parsed = DeliveryFeeSchema.safeParse({
      deliveryFee: values.fee.trim() === '' ? Number.NaN : Number(values.fee),
      deliveryDistance: distance,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid delivery fee amount');
      return;
    }
    setError(null);
    onSubmit(Number(values.fee), distance);
  };
  return (
    <Callout intent="warning" title={title} style={{ margin: '8px 0' }}>
      <p className="muted">{DELIVERY_PRICING_NOTE}</p>
      <form
        noValidate
        className="range-bar"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
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
