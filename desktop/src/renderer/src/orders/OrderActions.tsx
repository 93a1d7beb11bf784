import { useState } from 'react';
import { Alert, Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { DeliveryFeeSchema, type OrderView } from '@bakery/core';
import {
  BUTTON_LABELS,
  DELETE_CONFIRM,
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
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <>
      {buttons.includes('calculateDeliveryFee') && (
        <DeliveryFeeForm
          key={order.id}
          onSubmit={handlers.submitDeliveryFee}
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
                b === 'delete'
                  ? setConfirmDelete(true)
                  : handlers.run(b as Exclude<OrderButton, 'calculateDeliveryFee'>)
              }
            />
          ))}
      </div>
      <Alert
        isOpen={confirmDelete}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          handlers.run('delete');
        }}
      >
        <p>{DELETE_CONFIRM}</p>
      </Alert>
    </>
  );
}

function DeliveryFeeForm({
  onSubmit,
  busy,
}: {
  onSubmit(fee: number, distance: number | null): void;
  busy?: boolean;
}) {
  const [fee, setFee] = useState('');
  const [distance, setDistance] = useState('');
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
    <Callout intent="warning" title="Delivery fee pending" style={{ margin: '8px 0' }}>
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
        <Button type="submit" intent="primary" text="Calculate Delivery Fee" disabled={busy} />
      </form>
    </Callout>
  );
}
