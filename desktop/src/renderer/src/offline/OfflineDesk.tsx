// The counter while the server cannot be reached (issue 42): today's and
// tomorrow's orders as they were last listed, each marked ready (or out for
// delivery), handed over as paid or with its cash, and cash sales of what is
// on the shelf (priced by core, as the server prices them). Each is queued
// (store.ts) and sent on reconnect; a queued Mark Ready shows as done here.
import { useState } from 'react';
import {
  amountDueCents,
  bakeryToday,
  changeDueCents,
  checkOrderAction,
  formatCents,
  FULFILLMENT_STATES,
  moneyOfView,
  ORDER_ACTION_RULES,
  priceSale,
  readyActionFor,
  ROUTES,
  routeUrl,
  STAFF_ORDER_MESSAGES,
  type OrderView,
} from '@bakery/core';
import { Button, Callout, Card, HTMLTable } from '../ui/blueprint';
import { toast } from '../ui/toaster';
import { emptyLine, ItemLines, linesOf, type LineDraft } from '../orders/counter/ItemLines';
import { dollarsToTender, TenderField } from '../orders/counter/TenderField';
import { enqueue, queuedFor } from './store';
import { useOfflineState } from './useOfflineState';

const DONE_STATES = ['picked_up', 'delivered', 'cancelled'];

const nameOf = (order: OrderView) => `#${order.orderNumber} (${order.customerName})`;

function handOver(order: OrderView, dueCents: number) {
  const label =
    dueCents > 0
      ? `Hand over ${nameOf(order)}, cash ${formatCents(dueCents)}`
      : `Hand over ${nameOf(order)} (paid)`;
  enqueue({
    kind: 'handOver',
    path: routeUrl(ROUTES.orderHandOver, { id: order.id }),
    body: dueCents > 0 ? { payment: { method: 'cash' } } : {},
    label,
    amountCents: dueCents,
    orderId: order.id,
  });
  toast(`${label}: kept until the server answers`, undefined, 'success');
}

/** Mark Ready for a pickup, Out for Delivery for a delivery (core's readyActionFor). */
const readyRule = (order: OrderView) => ORDER_ACTION_RULES[readyActionFor(order)];

/** Whether the order's state allows its Mark Ready (or Out for Delivery) now. */
const canMarkReady = (order: OrderView) =>
  checkOrderAction({ ...order, ...moneyOfView(order) }, readyActionFor(order)).ok;

function markReady(order: OrderView) {
  const label = `${readyRule(order).label} ${nameOf(order)}`;
  enqueue({
    kind: 'markReady',
    path: routeUrl(ROUTES.orderReady, { id: order.id }),
    body: {},
    label,
    amountCents: 0,
    orderId: order.id,
  });
  toast(`${label}: kept until the server answers`, undefined, 'success');
}

/** The staff badge, or the state a queued Mark Ready leads to, said to be waiting. */
function stateText(order: OrderView, readied: boolean) {
  if (!readied) return FULFILLMENT_STATES[order.fulfillmentStatus].staffBadge;
  const next = readyRule(order).to(order) ?? order.fulfillmentStatus;
  return `${FULFILLMENT_STATES[next].staffBadge}: waiting to send`;
}

export function OfflineDesk() {
  const state = useOfflineState();
  const handed = queuedFor(state, 'handOver');
  const readied = queuedFor(state, 'markReady');
  const orders = (state.snapshot?.orders ?? []).filter(
    (order) => !DONE_STATES.includes(order.fulfillmentStatus),
  );
  return (
    <main className="app-main offline-desk" aria-labelledby="offline-desk-title">
      <h1 id="offline-desk-title" className="offline-title">
        Offline counter
      </h1>
      {state.snapshot ? (
        <p className="muted">
          Today’s and tomorrow’s orders as of{' '}
          {new Date(state.snapshot.savedAt).toLocaleTimeString('en-US', {
            hour: 'numeric',
            minute: '2-digit',
          })}
          .
        </p>
      ) : (
        <Callout intent="warning" className="compact-callout">
          No orders were kept on this computer yet (sign in once while online). Cash sales can still
          be recorded.
        </Callout>
      )}
      <div className="offline-columns">
        <Card className="offline-orders">
          <HTMLTable compact striped aria-label="Orders to hand over">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Due</th>
                <th scope="col">State</th>
                <th scope="col">Amount due</th>
                <th scope="col">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                const due = amountDueCents(moneyOfView(order));
                return (
                  <tr key={order.id}>
                    <td>{nameOf(order)}</td>
                    <td>
                      {order.pickupDate === bakeryToday() ? 'Today' : 'Tomorrow'}{' '}
                      {order.pickupTime ?? ''}
                    </td>
                    <td className={readied.has(order.id) ? 'offline-handed' : undefined}>
                      {stateText(order, readied.has(order.id))}
                    </td>
                    <td>{due > 0 ? formatCents(due) : 'Paid'}</td>
                    <td className="offline-actions">
                      {handed.has(order.id) ? (
                        <span className="offline-handed">Handed over: waiting to send</span>
                      ) : (
                        <>
                          {!readied.has(order.id) && canMarkReady(order) && (
                            <Button
                              small
                              text={readyRule(order).label}
                              aria-label={`${readyRule(order).label} ${nameOf(order)}`}
                              onClick={() => markReady(order)}
                            />
                          )}
                          <Button
                            small
                            intent="primary"
                            text={due > 0 ? `Hand over, cash ${formatCents(due)}` : 'Hand over'}
                            aria-label={`Hand over ${nameOf(order)}`}
                            onClick={() => handOver(order, due)}
                          />
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
              {orders.length === 0 && (
                <tr>
                  <td colSpan={5}>No open orders kept for today or tomorrow.</td>
                </tr>
              )}
            </tbody>
          </HTMLTable>
        </Card>
        <OfflineCashSale />
      </div>
    </main>
  );
}

function OfflineCashSale() {
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const [tendered, setTendered] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [change, setChange] = useState<string | null>(null);
  const record = () => {
    setProblem(null);
    setChange(null);
    const items = linesOf(lines);
    let totalCents: number;
    try {
      totalCents = priceSale(items, bakeryToday()).totalCents;
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Choose what is sold');
      return;
    }
    const tenderedCents = dollarsToTender(tendered);
    if (tenderedCents === null) return setProblem(STAFF_ORDER_MESSAGES.tenderedMissing);
    const changeCents = changeDueCents(totalCents, tenderedCents);
    if (changeCents === null) return setProblem(STAFF_ORDER_MESSAGES.tenderedShort(totalCents));
    enqueue({
      kind: 'cashSale',
      path: ROUTES.quickSale.path,
      body: { items, payment: { method: 'cash', tenderedCents }, customerEmail: null },
      label: `Cash sale ${formatCents(totalCents)}`,
      amountCents: totalCents,
      orderId: null,
    });
    setChange(`Sale of ${formatCents(totalCents)} kept; give ${formatCents(changeCents)} change`);
    setLines([emptyLine()]);
    setTendered('');
  };
  return (
    <Card className="offline-sale">
      <h2 className="offline-subtitle">Cash sale</h2>
      <form
        noValidate
        aria-label="Cash sale"
        onSubmit={(e) => {
          e.preventDefault();
          record();
        }}
      >
        {change && (
          <Callout intent="success" role="status" className="compact-callout counter-change">
            {change}
          </Callout>
        )}
        {problem && (
          <Callout intent="danger" role="alert" className="compact-callout">
            {problem}
          </Callout>
        )}
        <ItemLines id="offline-sale-items" lines={lines} setLines={setLines} />
        <TenderField id="offline-sale-tendered" value={tendered} onChange={setTendered} />
        <Button type="submit" intent="primary" text="Record cash sale" />
      </form>
    </Card>
  );
}
