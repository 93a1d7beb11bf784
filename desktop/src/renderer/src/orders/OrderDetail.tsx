// One order as a baker acts on it: when it is due, what to bake (options by
// name, the cake's writing), where it goes, what it costs, the buttons core
// allows, and its history in words.
import { useQuery } from '@tanstack/react-query';
import {
  bakeryDateTime,
  cakeOptionNames,
  dueLabel,
  formatDollars,
  historyToShow,
  historyWords,
  lineDescription,
  methodLabel,
  offersPaymentLinkRetry,
  ROUTES,
  type OrderView,
} from '@bakery/core';
import { client } from '../api/client';
import { Button, H3, HTMLTable, Tag } from '../ui/blueprint';
import { TableHead } from '../ui/TableHead';
import { FulfillmentBadge, PaymentBadge } from './OrderBadges';
import { OrderActions, type ActionInput, type ShortcutRequest } from './OrderActions';
import type { OrderButton } from './actions';
import { addressOf, telHref, writingOf } from './orderText';
import { OrderPayments } from './OrderPayments';
import { TerminalCheckout } from './TerminalCheckout';
import { usePickupWindows } from './usePickupWindows';

const money = (d: number | null | undefined) => formatDollars(d ?? 0);

export function OrderDetail({
  order,
  busy,
  canDelete = true,
  request = null,
  run,
  submitFee,
  paymentConfigured,
  retryLink,
  printTicket,
}: {
  order: OrderView;
  busy: boolean;
  canDelete?: boolean;
  /** A keyboard shortcut pressed on the grid. */
  request?: ShortcutRequest | null;
  run(b: Exclude<OrderButton, 'calculateDeliveryFee'>, input?: ActionInput): void;
  submitFee(fee: number, distance: number | null): void;
  paymentConfigured: boolean;
  retryLink(): void;
  printTicket(): void;
}) {
  const history = useQuery({
    queryKey: [
      ROUTES.adminOrders.path,
      order.id,
      'history',
      order.paymentStatus,
      order.orderStatus,
      order.deliveryFeeStatus,
      order.fulfilledAt,
      order.fulfillmentStatus,
      order.refundedAmount,
      order.archivedAt,
      order.total,
    ],
    queryFn: () => client.call(ROUTES.orderHistory, { params: { id: order.id } }),
  });
  const options = cakeOptionNames({ ...order, cakeWriting: writingOf(order) });
  const windows = usePickupWindows();
  const delivery = order.deliveryMethod === 'delivery';
  return (
    <section aria-label={`Order ${order.orderNumber}`}>
      <H3>
        Order #{order.orderNumber} <PaymentBadge status={order.paymentStatus} />{' '}
        <FulfillmentBadge order={order} />
        {order.isRushOrder && (
          <Tag intent="danger" minimal style={{ marginLeft: 6 }}>
            Rush
          </Tag>
        )}
      </H3>
      <dl className="facts">
        <dt>Due</dt>
        <dd data-testid="order-due">
          <strong>
            {methodLabel(order.deliveryMethod)} {dueLabel(order, windows)}
          </strong>
        </dd>
        <dt>Customer</dt>
        <dd>
          {order.customerName} · <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
          {order.customerPhone && (
            <>
              {' · '}
              <a href={telHref(order.customerPhone)}>{order.customerPhone}</a>
            </>
          )}
        </dd>
        {delivery && (
          <>
            <dt>Deliver to</dt>
            <dd>
              {addressOf(order)}
              {order.deliveryDistance != null && ` · ${order.deliveryDistance} mi`}
              {order.deliveryInstructions && (
                <>
                  <br />
                  {order.deliveryInstructions}
                </>
              )}
            </dd>
          </>
        )}
        <dt>Placed</dt>
        <dd>{bakeryDateTime(order.createdAt ?? order.orderDate)}</dd>
        {order.pickupCode && (
          <>
            <dt>Pickup code</dt>
            <dd data-testid="pickup-code">
              <strong>{order.pickupCode}</strong>
            </dd>
          </>
        )}
        {order.amountDue > 0 && (
          <>
            <dt>To pay</dt>
            <dd>
              <strong>{money(order.amountDue)}</strong> not paid
              {order.deliveryFeeStatus === 'pending' && ' (the delivery fee is still pending)'}
            </dd>
          </>
        )}
        {order.received > 0 && (
          <>
            <dt>Received</dt>
            <dd>{money(order.received)}</dd>
          </>
        )}
        {order.refundedAmount > 0 && (
          <>
            <dt>Refunded</dt>
            <dd>
              {money(order.refundedAmount)}
              {order.refundPending && ' · still to be made in Square'}
            </dd>
          </>
        )}
        {order.refundDue > 0 && (
          <>
            <dt>To refund</dt>
            <dd>
              <strong>{money(order.refundDue)}</strong> paid beyond the total
            </dd>
          </>
        )}
      </dl>
      <OrderPayments orderId={order.id} />
      {paymentConfigured && <TerminalCheckout order={order} />}
      <div className="button-row no-print">
        <Button icon="print" text="Print ticket" small onClick={printTicket} />
        {offersPaymentLinkRetry(order) && paymentConfigured && (
          <Button icon="link" text="Retry payment link" small onClick={retryLink} disabled={busy} />
        )}
      </div>
      <OrderActions
        order={order}
        handlers={{ run, submitDeliveryFee: submitFee, busy, canDelete }}
        request={request}
      />
      <HTMLTable compact className="compact lines" aria-label="Items">
        <TableHead columns={['Item', ['Qty', 'num'], ['Line total', 'num']]} />
        <tbody>
          {order.items.map((item, i) => (
            <tr key={i}>
              <td>{lineDescription(item)}</td>
              <td className="num">{item.quantity}</td>
              <td className="num">{money(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tbody className="totals" aria-label="Totals">
          <tr>
            <td colSpan={2}>Subtotal</td>
            <td className="num">{money(order.subtotal)}</td>
          </tr>
          {order.cakeOptionsFee > 0 && (
            <tr>
              <td colSpan={2}>Cake options{options.length ? `: ${options.join(', ')}` : ''}</td>
              <td className="num">{money(order.cakeOptionsFee)}</td>
            </tr>
          )}
          {order.rushFee > 0 && (
            <tr>
              <td colSpan={2}>Rush fee</td>
              <td className="num">{money(order.rushFee)}</td>
            </tr>
          )}
          <tr>
            <td colSpan={2}>Tax</td>
            <td className="num">{money(order.tax)}</td>
          </tr>
          {delivery && (
            <tr>
              <td colSpan={2}>Delivery fee</td>
              <td className="num">
                {order.deliveryFeeStatus === 'pending' ? 'pending' : money(order.deliveryFee)}
              </td>
            </tr>
          )}
          <tr>
            <td colSpan={2}>
              <strong>Total</strong>
            </td>
            <td className="num" data-testid="order-total">
              <strong>{money(order.total)}</strong>
            </td>
          </tr>
        </tbody>
      </HTMLTable>
      {options.length > 0 && (
        <p>
          <strong>Cake options:</strong> {options.join(', ')}
        </p>
      )}
      {order.specialInstructions && (
        <p>
          <strong>Special instructions:</strong> {order.specialInstructions}
        </p>
      )}
      <h4>History</h4>
      {history.isLoading ? (
        <p className="muted">Loading history…</p>
      ) : history.data && history.data.length > 0 ? (
        <ul aria-label="History" className="history">
          {historyToShow(history.data).map((h) => (
            <li key={h.id}>
              <span className="muted">
                {bakeryDateTime(h.at)} · {h.actorEmail ?? 'system'}
              </span>
              <br />
              {historyWords(h)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No changes yet.</p>
      )}
    </section>
  );
}
