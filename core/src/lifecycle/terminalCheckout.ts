// Card checkouts on the Square Terminal paired with the desk (issue 42): the
// statuses Square reports, which of them still wait on the device, and what
// the desk says about each. The payment itself is a row like any other
// (method 'card', context 'terminal'), written once when Square says
// COMPLETED.
import { formatCents } from '../money/money';

/** Square's TerminalCheckout statuses. */
export const TERMINAL_CHECKOUT_STATUSES = [
  'PENDING',
  'IN_PROGRESS',
  'CANCEL_REQUESTED',
  'CANCELED',
  'COMPLETED',
] as const;
export type TerminalCheckoutStatus = (typeof TERMINAL_CHECKOUT_STATUSES)[number];

export const isTerminalCheckoutStatus = (value: unknown): value is TerminalCheckoutStatus =>
  (TERMINAL_CHECKOUT_STATUSES as readonly unknown[]).includes(value);

/** Still on the device: the desk waits, and no second checkout is started for the order. */
export const isOpenTerminalCheckout = (status: string) =>
  status === 'PENDING' || status === 'IN_PROGRESS' || status === 'CANCEL_REQUESTED';

/** The payment row's context for money taken on the Terminal. */
export const TERMINAL_CONTEXT = 'terminal';

export const TERMINAL_MESSAGES = {
  notPaired:
    'No Square Terminal is paired with the desk (its device ID in Settings, Card payments); take the card on the Terminal by hand and record it',
  nothingDue: 'Nothing is due on this order',
  cancelled: 'Cannot take payment: order is cancelled',
  deliveryFeePending: 'Cannot take payment: the delivery fee is still pending',
  busy: 'A checkout for another amount is waiting on the Terminal: cancel it first',
  noneWaiting: 'No checkout is waiting on the Terminal',
  squareFailed: 'Square did not answer; the order is unchanged. Try again.',
  offline: 'Card payments while offline are the Terminal’s own business: take them there.',
} as const;

/** A checkout as the desk shows it. */
export interface TerminalCheckoutView {
  id: string;
  orderId: string;
  /** Dollars asked on the device. */
  amount: number;
  status: TerminalCheckoutStatus;
  cancelReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** What the desk says about it. */
  message: string;
}

/** The desk's sentence for a checkout in `status`. */
export function terminalCheckoutMessage(
  status: TerminalCheckoutStatus,
  amountCents: number,
  cancelReason: string | null = null,
): string {
  const amount = formatCents(amountCents);
  switch (status) {
    case 'PENDING':
      return `Waiting for the card on the Terminal: ${amount}`;
    case 'IN_PROGRESS':
      return `The customer is paying ${amount} on the Terminal`;
    case 'CANCEL_REQUESTED':
      return 'Cancelling the checkout on the Terminal…';
    case 'COMPLETED':
      return `Paid ${amount} by card on the Terminal`;
    case 'CANCELED':
      return cancelReason === 'TIMED_OUT'
        ? 'The Terminal checkout timed out; the order is unpaid'
        : 'The Terminal checkout was cancelled; the order is unpaid';
  }
}
