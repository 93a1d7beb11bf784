// What the Square routes need beyond the `Payments` contract: confirming a
// payment the customer made and handling Square's webhook notifications.
import type { ErrorCode } from '@bakery/core';
import type { Payments } from '../contracts.js';
import { unpairedTerminal, type TerminalFlows } from './terminal.js';

/** A refusal the route answers as `{ code, message }` with this HTTP status. */
export interface Refusal {
  ok: false;
  status: number;
  message: string;
  /** The stable reason (core's ERROR_CODES); by default the status's. */
  code?: ErrorCode;
}

export type ConfirmResult = { ok: true; paymentStatus: string } | Refusal;

export type WebhookResult = { ok: true; duplicate: boolean } | Refusal;

export type EnsureLinkOptions = NonNullable<Parameters<Payments['ensurePaymentLink']>[1]>;

export interface PaymentFlows extends Payments {
  /**
   * Asks Square about the order's payment (the referenceId is our order id or
   * Square's order id) and marks the order paid when Square reports it
   * completed for the order's total.
   */
  confirmPayment(referenceId: string): Promise<ConfirmResult>;
  /** Verifies and applies one webhook delivery (the exact request bytes and its signature header). */
  handleWebhook(rawBody: string, signatureHeader: string | undefined): Promise<WebhookResult>;
  /** Card checkouts on the Square Terminal paired with the desk (issue 42). */
  terminal: TerminalFlows;
}

/** True when `payments` can confirm payments and take webhooks (the Square implementation, or the unconfigured one of integrations.ts). */
export function hasPaymentFlows(payments: Payments): payments is PaymentFlows {
  const candidate = payments as Partial<PaymentFlows>;
  return (
    typeof candidate.confirmPayment === 'function' && typeof candidate.handleWebhook === 'function'
  );
}

export const NOT_CONFIGURED: Refusal = {
  ok: false,
  status: 503,
  message: 'Payment processing is not configured',
  code: 'payment_not_configured',
};

/** Used when Square is not configured: orders stay pending for staff. */
export const unconfiguredPaymentFlows: PaymentFlows = {
  configured: false,
  ensurePaymentLink: async () => null,
  confirmPayment: async () => NOT_CONFIGURED,
  handleWebhook: async () => NOT_CONFIGURED,
  terminal: unpairedTerminal,
};
