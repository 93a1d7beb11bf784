// "New order" at the desk (issue 42): a phone or counter order for a
// customer found among earlier orders or typed in, its items, the day and
// time, pickup or delivery, and how it is paid (cash with the change shown).
// The server prices and books it as it would the shop's; its refusals (a
// full day, a missing field) are shown in the dialog.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  addDays,
  bakeryToday,
  formatCents,
  PICKUP_SLOTS,
  ROUTES,
  type CounterPaymentMethod,
  type OrderView,
} from '@bakery/core';
import { client, messageOf } from '../../api/client';
import { toast } from '../../ui/toaster';
import { Callout, Checkbox, FormGroup, HTMLSelect } from '../../ui/blueprint';
import { FormDialog, TextField, selectBinder, textBinder } from '../../ui/fields';
import { emptyLine, ItemLines, linesOf, type LineDraft } from './ItemLines';
import { TenderField, dollarsToTender } from './TenderField';

interface Draft {
  search: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  pickupDate: string;
  pickupTime: string;
  deliveryMethod: 'pickup' | 'delivery';
  deliveryAddress: string;
  deliveryCity: string;
  deliveryState: string;
  deliveryZip: string;
  specialInstructions: string;
  channel: 'phone' | 'counter';
  override: boolean;
  reason: string;
  method: CounterPaymentMethod;
  tendered: string;
}

const blank = (): Draft => ({
  search: '',
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  pickupDate: addDays(bakeryToday(), 3),
  pickupTime: PICKUP_SLOTS[4] ?? PICKUP_SLOTS[0] ?? '',
  deliveryMethod: 'pickup',
  deliveryAddress: '',
  deliveryCity: '',
  deliveryState: 'FL',
  deliveryZip: '',
  specialInstructions: '',
  channel: 'phone',
  override: false,
  reason: '',
  method: 'later',
  tendered: '',
});

/** Earlier orders' customers matching what was typed (name, e-mail or phone), each once. */
function useCustomerMatches(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: ['counter-customers', q],
    enabled: q.length >= 2,
    queryFn: async () => {
      const page = await client.call(ROUTES.desk, {
        query: { q, limit: 20, sort: 'placed', dir: 'desc' },
      });
      const seen = new Set<string>();
      return page.rows.filter((row) => {
        const key = `${row.customerName}|${row.customerEmail}|${row.customerPhone ?? ''}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
  });
}

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

  const take = useMutation({
    mutationFn: () =>
      client.call(ROUTES.staffOrder, {
        body: {
          customerName: draft.customerName,
          customerPhone: draft.customerPhone || null,
          customerEmail: draft.customerEmail || null,
          items: linesOf(lines),
          pickupDate: draft.pickupDate,
          pickupTime: draft.pickupTime,
          deliveryMethod: draft.deliveryMethod,
          ...(draft.deliveryMethod === 'delivery'
            ? {
                deliveryAddress: draft.deliveryAddress,
                deliveryCity: draft.deliveryCity,
                deliveryState: draft.deliveryState,
                deliveryZip: draft.deliveryZip,
              }
            : {}),
          specialInstructions: draft.specialInstructions || null,
          channel: draft.channel,
          leadTimeOverride: draft.override ? { reason: draft.reason } : null,
          payment: {
            method: draft.method,
            tenderedCents: draft.method === 'cash' ? dollarsToTender(draft.tendered) : null,
          },
        },
      }),
    onSuccess: (answer) => {
      toast(
        answer.message,
        answer.changeCents !== null ? `Give ${formatCents(answer.changeCents)} change` : undefined,
        'success',
      );
      onTaken(answer.order);
    },
    onError: (err) => {
      const body = (err as { body?: { errors?: { path: string; message: string }[] } }).body;
      const fields: Record<string, string> = {};
      for (const e of body?.errors ?? []) fields[e.path] ??= e.message;
      setErrors(fields);
      setProblem(messageOf(err, 'The order was not taken'));
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
        if (!take.isPending) take.mutate();
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
      {matches.data && matches.data.length > 0 && (
        <ul className="counter-matches" aria-label="Customers found">
          {matches.data.slice(0, 5).map((row) => (
            <li key={row.id}>
              <button
                type="button"
                className="bp6-button bp6-minimal bp6-small"
                onClick={() =>
                  setDraft((d) => ({
                    ...d,
                    search: '',
                    customerName: row.customerName,
                    customerEmail: row.customerEmail,
                    customerPhone: row.customerPhone ?? '',
                  }))
                }
              >
                {row.customerName} · {row.customerPhone ?? 'no phone'} ·{' '}
                {row.customerEmail || 'no e-mail'}
              </button>
            </li>
          ))}
        </ul>
      )}
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
        <FormGroup label="Time" labelFor="counter-time" helperText={errors.pickupTime}>
          <HTMLSelect id="counter-time" options={[...PICKUP_SLOTS]} {...bindSelect('pickupTime')} />
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
