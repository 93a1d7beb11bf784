// The desk's New order data (issue 40 split): the draft and its blank, the
// customers found among earlier orders, the day's windows with what is left,
// the time a day of windows takes, the body the server books, and the call.
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  addDays,
  bakeryToday,
  formatCents,
  isDateString,
  PICKUP_SLOTS,
  ROUTES,
  windowOption,
  type CounterPaymentMethod,
  type OrderView,
  type RouteBody,
} from '@bakery/core';
import { client, messageOf } from '../../api/client';
import { toast } from '../../ui/toaster';
import { linesOf, type LineDraft } from './ItemLines';
import { dollarsToTender } from './TenderField';

export interface Draft {
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

export const blank = (): Draft => ({
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
export function useCustomerMatches(search: string) {
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

/**
 * The day's pickup (or delivery) windows with what is left for these lines
 * (issue 37), from the availability answer the shop reads; [] on a day of
 * half-hour slots. A full window is offered disabled.
 */
export function useWindowOptions(
  date: string,
  method: Draft['deliveryMethod'],
  lines: LineDraft[],
) {
  const offer = useQuery({
    queryKey: [ROUTES.availability.path, date, date],
    enabled: isDateString(date),
    queryFn: () => client.call(ROUTES.availability, { query: { fromDate: date, toDate: date } }),
  });
  const day = offer.data?.days.find((d) => d.date === date);
  return (day?.windows ?? [])
    .filter((w) => w.id !== null && w.fulfillment === method)
    .map((w) => {
      const option = windowOption(w, linesOf(lines), day?.drops);
      return { value: w.time, label: option.label, disabled: option.full };
    });
}

/** A day with windows takes only them: a time that is none of them reads as the first open one. */
export function pickupTimeOf(
  windows: { value: string; disabled: boolean }[],
  chosen: string,
): string {
  return windows.length > 0 && !windows.some((w) => w.value === chosen)
    ? (windows.find((w) => !w.disabled)?.value ?? chosen)
    : chosen;
}

/** What the server books: the draft's fields (delivery ones only for a delivery), lines and payment. */
export function orderBody(
  draft: Draft,
  lines: LineDraft[],
  pickupTime: string,
): RouteBody<typeof ROUTES.staffOrder> {
  return {
    customerName: draft.customerName,
    customerPhone: draft.customerPhone || null,
    customerEmail: draft.customerEmail || null,
    items: linesOf(lines),
    pickupDate: draft.pickupDate,
    pickupTime,
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
  };
}

/**
 * Takes the order: the server's message (and the change to give) toasted,
 * then `onTaken`; a refusal gives `onRefused` its message and the fields it named.
 */
export function useTakeOrder({
  onTaken,
  onRefused,
}: {
  onTaken(order: OrderView): void;
  onRefused(problem: string, fields: Record<string, string>): void;
}) {
  return useMutation({
    mutationFn: (body: RouteBody<typeof ROUTES.staffOrder>) =>
      client.call(ROUTES.staffOrder, { body }),
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
      onRefused(messageOf(err, 'The order was not taken'), fields);
    },
  });
}
