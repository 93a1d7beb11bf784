import { useState } from 'react';
import { DeliveryFeeSchema, isDeliveryFeeCorrection, type OrderView } from '@bakery/core';
import { Button, Callout, FormGroup, InputGroup } from '../ui/blueprint';
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
  const [fee, setFee] = useState(initialFee);
  const [distance, setDistance] = useState(initialDistance);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = DeliveryFeeSchema.safeParse({
      deliveryFee: fee.trim() === '' ? Number.NaN : Number(fee),
      deliveryDistance: distance.trim() === '' ? null : Number(distance),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid delivery fee amount');
      return;
    }
    setError(null);
    onSubmit(Number(fee), distance.trim() === '' ? null : Number(distance));
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
        <FormGroup
          label="Delivery fee ($)"
          labelFor="delivery-fee"
          intent={error ? 'danger' : 'none'}
          helperText={error ?? undefined}
        >
          <InputGroup
            id="delivery-fee"
            type="number"
            min={0}
            step={0.01}
            value={fee}
            onValueChange={setFee}
          />
        </FormGroup>
        <FormGroup label="Distance (miles, optional)" labelFor="delivery-distance">
          <InputGroup
            id="delivery-distance"
            type="number"
            min={0}
            step={0.1}
            value={distance}
            onValueChange={setDistance}
          />
        </FormGroup>
        <Button type="submit" intent="primary" text={submitText} disabled={busy} />
        {onCancel && <Button text="Cancel" minimal onClick={onCancel} />}
      </form>
    </Callout>
  );
}
