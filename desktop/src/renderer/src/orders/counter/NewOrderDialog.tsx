// "New order" at the desk (issue 42): a phone or counter order for a
// customer found among earlier orders or typed in, its items, the day and
// time, pickup or delivery, and how it is paid (cash with the change shown).
// The server prices and books it as it would the shop's; its refusals (a
// full day, a missing field) are shown in the dialog.
import { useState } from 'react';
import { PICKUP_SLOTS, type OrderView } from '@bakery/core';
import { Callout, Checkbox, FormGroup, HTMLSelect } from '../../ui/blueprint';
import { FormDialog, TextField, selectBinder, textBinder } from '../../ui/fields';
import { CustomerMatches } from './CustomerMatches';
import { emptyLine, ItemLines, type LineDraft } from './ItemLines';
import { TenderField } from './TenderField';
import {
  blank,
  orderBody,
  pickupTimeOf,
  useCustomerMatches,
  useTakeOrder,
  useWindowOptions,
  type Draft,
} from './useNewOrder';

export function NewOrderDialog({
  onClose,
  onTaken,
}: {
  onClose(): void;
  onTaken(order: OrderView): void;
}) {
  const [draft, setDraft] = useState<Draft>(blank);
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const bind = textBinder(draft, setDraft);
  const bindSelect = selectBinder(draft, setDraft);
  const matches = useCustomerMatches(draft.search);
  const windows = useWindowOptions(draft.pickupDate, draft.deliveryMethod, lines);
  const pickupTime = pickupTimeOf(windows, draft.pickupTime);

  const take = useTakeOrder({
    onTaken,
    onRefused: (message, fields) => {
      setErrors(fields);
      setProblem(message);
    },
  });

  return (
    <FormDialog
      title="New order"
      submitText="Take order"
      busy={take.isPending}
      width={720}
      onClose={onClose}
      onSubmit={() => {
        // Enter pressed again while the order is sent would take it twice.
        if (!take.isPending) take.mutate(orderBody(draft, lines, pickupTime));
      }}
    >
      {problem && (
        <Callout intent="danger" role="alert" className="compact-callout">
          {problem}
        </Callout>
      )}
      <TextField
        id="counter-search"
        label="Find customer (name, e-mail or phone)"
        autoFocus
        {...bind('search')}
      />
      <CustomerMatches
        matches={matches.data}
        onPick={(row) =>
          setDraft((d) => ({
            ...d,
            search: '',
            customerName: row.customerName,
            customerEmail: row.customerEmail,
            customerPhone: row.customerPhone ?? '',
          }))
        }
      />
      <div className="counter-row">
        <TextField
          id="counter-name"
          label="Name"
          error={errors.customerName}
          {...bind('customerName')}
        />
        <TextField
          id="counter-phone"
          label="Phone"
          type="tel"
          error={errors.customerPhone}
          {...bind('customerPhone')}
        />
        <TextField
          id="counter-email"
          label="E-mail (for the confirmation)"
          type="email"
          error={errors.customerEmail}
          {...bind('customerEmail')}
        />
      </div>
      <ItemLines id="counter-items" lines={lines} setLines={setLines} />
      {errors.items && <p className="field-error">{errors.items}</p>}
      <div className="counter-row">
        <TextField
          id="counter-date"
          label="Pickup date"
          type="date"
          error={errors.pickupDate}
          {...bind('pickupDate')}
        />
        <FormGroup
          label={windows.length > 0 ? 'Window' : 'Time'}
          labelFor="counter-time"
          helperText={errors.pickupTime}
        >
          <HTMLSelect
            id="counter-time"
            options={windows.length > 0 ? windows : [...PICKUP_SLOTS]}
            {...bindSelect('pickupTime')}
            value={pickupTime}
          />
        </FormGroup>
        <FormGroup label="Pickup or delivery" labelFor="counter-method">
          <HTMLSelect
            id="counter-method"
            options={[
              { value: 'pickup', label: 'Pickup' },
              { value: 'delivery', label: 'Delivery' },
            ]}
            {...bindSelect('deliveryMethod')}
          />
        </FormGroup>
        <FormGroup label="Taken by" labelFor="counter-channel">
          <HTMLSelect
            id="counter-channel"
            options={[
              { value: 'phone', label: 'Phone' },
              { value: 'counter', label: 'Counter' },
            ]}
            {...bindSelect('channel')}
          />
        </FormGroup>
      </div>
      {draft.deliveryMethod === 'delivery' && (
        <div className="counter-row">
          <TextField
            id="counter-address"
            label="Street"
            error={errors.deliveryAddress}
            {...bind('deliveryAddress')}
          />
          <TextField id="counter-city" label="City" {...bind('deliveryCity')} />
          <TextField
            id="counter-state"
            label="State"
            error={errors.deliveryState}
            {...bind('deliveryState')}
          />
          <TextField
            id="counter-zip"
            label="ZIP"
            error={errors.deliveryZip}
            {...bind('deliveryZip')}
          />
        </div>
      )}
      <Checkbox
        label="Waive the lead time (say why)"
        checked={draft.override}
        onChange={(e) => setDraft((d) => ({ ...d, override: e.currentTarget.checked }))}
      />
      {draft.override && (
        <TextField
          id="counter-reason"
          label="Why the lead time is waived"
          error={errors['leadTimeOverride.reason']}
          {...bind('reason')}
        />
      )}
      <TextField id="counter-notes" label="Special instructions" {...bind('specialInstructions')} />
      <div className="counter-row">
        <FormGroup label="Payment" labelFor="counter-payment">
          <HTMLSelect
            id="counter-payment"
            options={[
              { value: 'later', label: 'Pay at pickup' },
              { value: 'cash', label: 'Cash now' },
              { value: 'card', label: 'Card now (terminal)' },
              { value: 'link', label: 'Send a Square link' },
            ]}
            {...bindSelect('method')}
          />
        </FormGroup>
        {draft.method === 'cash' && (
          <TenderField
            id="counter-tendered"
            value={draft.tendered}
            onChange={(tendered) => setDraft((d) => ({ ...d, tendered }))}
            error={errors['payment.tenderedCents']}
          />
        )}
      </div>
    </FormDialog>
  );
}
