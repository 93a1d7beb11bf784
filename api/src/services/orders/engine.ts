// The one engine of an order's life (issue 36): core's order-state table
// (ORDER_ACTION_RULES) decides whether an action may be taken, the state it
// leads to and the customer's message; this file only runs it. Each action's
// own work (a payment row, a booking, a pickup code) is the caller's `step`,
// done in the same transaction with the order locked.
import {
  ORDER_ACTION_RULES,
  stateChanges,
  type ActionCheck,
  type CustomerMessage,
  type OrderAction,
  type OrderStateInput,
} from '@bakery/core';
import type { Notifications } from '../contracts.js';
import {
  applyChanges,
  ensure,
  ensureCounter,
  lockOrder,
  notify,
  stateOf,
  type Actor,
  type CounterContext,
  type EngineDeps,
  type OrderRow,
} from './record.js';
import type { Tx } from '../../db/types.js';

export interface ActionStep {
  /** What core's check needs from the locked order (today, the cancel's day, payment taken). */
  context?: (current: OrderRow) => CounterContext;
  /** The spec's own check of the same call, first, so its answers and messages stay (section 4). */
  specCheck?: (current: OrderRow) => ActionCheck;
  /** What the rule's `to` reads beyond the row (the state Mark Ready started from). */
  known?: (tx: Tx, current: OrderRow) => Promise<Partial<OrderStateInput>>;
  /** Already done (an order already ready): nothing changes and nothing is sent. */
  done?: (current: OrderRow) => boolean;
  /** The action's own work in the transaction; the fields it returns are written with the state. */
  work?: (tx: Tx, current: OrderRow) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** The caller sends its own words (the unpaid-order release): the rule's message is not sent. */
  quiet?: boolean;
  /** What the message says beyond the order (a refund's amount and method), read after `work`. */
  messageDetail?: () => MessageDetail;
  now?: Date;
}

type MessageDetail = { amountCents: number; method: string } | undefined;

/** How each of the table's messages reaches the customer (mail, and a text where set up). */
const SEND: Record<
  CustomerMessage,
  (n: Notifications, id: string, detail: MessageDetail) => Promise<void> | undefined
> = {
  orderConfirmed: () => undefined,
  orderReady: (n, id) => n.orderReady(id),
  outForDelivery: (n, id) => n.outForDelivery?.(id),
  orderCancelled: (n, id) => n.orderCancelled?.(id),
  orderRestored: (n, id) => n.orderRestored?.(id),
  refundRecorded: (n, id, detail) => n.refundRecorded?.(id, detail),
  paymentReceived: (n, id) => n.paymentReceived(id),
};

/**
 * Takes `action` on the order: in one transaction the order is locked, the
 * spec's check (if any) and the table's check run (409 with their code and
 * message), `step.work` does the action's own work, and the state the rule
 * leads to is written with the history; after the commit the rule's message
 * is sent (a failure of the mail never undoes the action).
 */
export async function takeOrderAction(
  deps: EngineDeps,
  id: string,
  /** The action, or how it follows from the order (Mark Ready or Out for Delivery). */
  which: OrderAction | ((current: OrderRow) => OrderAction),
  actor: Actor,
  step: ActionStep = {},
): Promise<{ order: OrderRow; changed: boolean }> {
  let action: OrderAction | null = null;
  const { order, changed } = await deps.prisma.$transaction(async (tx) => {
    const current = await lockOrder(tx, id);
    if (step.done?.(current)) return { order: current, changed: false };
    action = typeof which === 'function' ? which(current) : which;
    return { order: await applyOrderAction(tx, current, action, actor, step), changed: true };
  });
  const message = action ? ORDER_ACTION_RULES[action as OrderAction].message : null;
  if (changed && message && !step.quiet)
    await notify(deps, message, async () => {
      await SEND[message](deps.notifications, id, step.messageDetail?.());
    });
  return { order, changed };
}

/**
 * The engine's step inside a transaction the caller holds, on an order it
 * has locked: the checks, the action's work and the state the rule leads
 * to, with the history. The rule's message is the caller's to send after
 * its commit (a standing order's skip sends words of its own).
 */
export async function applyOrderAction(
  tx: Tx,
  current: OrderRow,
  action: OrderAction,
  actor: Actor,
  step: Omit<ActionStep, 'done' | 'quiet' | 'messageDetail'> = {},
): Promise<OrderRow> {
  const now = step.now ?? new Date();
  const rule = ORDER_ACTION_RULES[action];
  if (step.specCheck) ensure(step.specCheck(current));
  ensureCounter(current, action, step.context?.(current));
  const extra = (await step.work?.(tx, current)) ?? {};
  const state = { ...stateOf(current), ...(await step.known?.(tx, current)) };
  return applyChanges(
    tx,
    current,
    { ...stateChanges(state, rule.to(state), now), ...extra },
    actor,
  );
}
