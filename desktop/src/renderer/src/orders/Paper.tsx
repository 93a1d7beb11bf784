// What the desk prints: an order ticket, the day's pick list and cake labels.
import {
  cakeOptionNames,
  dueLabel,
  formatDollars,
  lineDescription,
  methodLabel,
  pickListHeading,
  pickListOrder,
  pickupTimeText,
  adminPaymentBadge,
  BAKERY_INFO,
  type OrderView,
  isPaidStatus,
  takesCakeOptions,
} from '@bakery/core';
import { TableHead } from '../ui/TableHead';
import { usePickupWindows } from './usePickupWindows';
import { addressOf, writingOf } from './orderText';

/** Paid, or what is due (and that the delivery fee is still to come). */
const paidWords = (o: OrderView) =>
  isPaidStatus(o.paymentStatus)
    ? 'Paid'
    : `Not paid (${adminPaymentBadge(o.paymentStatus)}) · ${formatDollars(o.total)} due` +
      (o.deliveryFeeStatus === 'pending' ? ' + delivery fee (pending)' : '');

/** The ticket's money: subtotal, each fee above zero (the delivery fee when pending), tax, total. */
function moneyRows(o: OrderView): [string, string][] {
  const rows: [string, string][] = [['Subtotal', formatDollars(o.subtotal)]];
  if (o.cakeOptionsFee > 0) rows.push(['Cake options', formatDollars(o.cakeOptionsFee)]);
  if (o.rushFee > 0) rows.push(['Rush fee', formatDollars(o.rushFee)]);
  if (o.deliveryFeeStatus === 'pending') rows.push(['Delivery fee', 'pending']);
  else if (o.deliveryFee > 0) rows.push(['Delivery fee', formatDollars(o.deliveryFee)]);
  rows.push(['Tax', formatDollars(o.tax)]);
  rows.push(['Total', formatDollars(o.total)]);
  return rows;
}

export function OrderTicket({ order }: { order: OrderView }) {
  const windows = usePickupWindows();
  const options = cakeOptionNames({ ...order, cakeWriting: writingOf(order) });
  return (
    <article className="ticket" aria-label={`Ticket ${order.orderNumber}`}>
      <h1>
        {BAKERY_INFO.name} · Order #{order.orderNumber}
      </h1>
      <p>
        <strong>{order.customerName}</strong> · {order.customerPhone ?? ''} · {order.customerEmail}
      </p>
      <p>
        <strong>
          {methodLabel(order.deliveryMethod)} {dueLabel(order, windows)}
        </strong>
        {order.deliveryMethod === 'delivery' && <> · {addressOf(order)}</>}
      </p>
      {order.deliveryInstructions && <p>Delivery instructions: {order.deliveryInstructions}</p>}
      <table>
        <TableHead columns={[['✓', 'check'], 'Qty', 'Item', ['Line total', 'num']]} />
        <tbody>
          {order.items.map((l, i) => (
            <tr key={i}>
              <td className="check">☐</td>
              <td>{l.quantity}</td>
              <td>{lineDescription(l)}</td>
              <td className="num">{formatDollars(l.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {options.length > 0 && <p className="writing">Cake options: {options.join(', ')}</p>}
      {order.specialInstructions && <p>Special instructions: {order.specialInstructions}</p>}
      <table className="ticket-money" aria-label="Amounts">
        <tbody>
          {moneyRows(order).map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="num">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <strong>{paidWords(order)}</strong>
        {order.pickupCode && <> · Pickup code {order.pickupCode}</>}
      </p>
    </article>
  );
}

export function PickList({ date, orders }: { date: string; orders: OrderView[] }) {
  const windows = usePickupWindows();
  const due = pickListOrder(orders.filter((o) => o.paymentStatus !== 'cancelled'));
  return (
    <section aria-label={`Pick list ${date}`}>
      <h1>Pick list · {pickListHeading(date)}</h1>
      <p>
        {due.length} {due.length === 1 ? 'order' : 'orders'} due
      </p>
      <table>
        <TableHead columns={[['✓', 'check'], 'Time', 'Customer', 'Items', 'Payment']} />
        <tbody>
          {due.map((o) => {
            const options = cakeOptionNames({ ...o, cakeWriting: writingOf(o) });
            return (
              <tr key={o.id}>
                <td className="check">☐</td>
                <td>
                  {pickupTimeText(o, windows)}
                  <br />
                  {methodLabel(o.deliveryMethod)}
                </td>
                <td>
                  <strong>{o.customerName}</strong>
                  <br />#{o.orderNumber} · {o.customerPhone ?? ''}
                  {o.deliveryMethod === 'delivery' && (
                    <>
                      <br />
                      {addressOf(o)}
                      {o.deliveryInstructions && (
                        <>
                          <br />
                          Delivery instructions: {o.deliveryInstructions}
                        </>
                      )}
                    </>
                  )}
                </td>
                <td>
                  {o.items.map((l, i) => (
                    <div key={i}>
                      {l.quantity} × {lineDescription(l)}
                    </div>
                  ))}
                  {options.length > 0 && <div className="writing">{options.join(', ')}</div>}
                  {o.specialInstructions && <div>Note: {o.specialInstructions}</div>}
                </td>
                <td>{paidWords(o)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** One label per cake (each unit of a cake line): who, when, which cake, filling, writing. */
export function CakeLabels({ orders }: { orders: OrderView[] }) {
  const windows = usePickupWindows();
  const labels = pickListOrder(orders.filter((o) => o.paymentStatus !== 'cancelled')).flatMap((o) =>
    o.items
      .filter((l) => takesCakeOptions(l.productId))
      .flatMap((l) =>
        Array.from({ length: l.quantity }, (_, n) => ({
          order: o,
          line: l,
          key: `${o.id}-${l.productId}-${n}`,
        })),
      ),
  );
  if (labels.length === 0) return <p>No cakes due.</p>;
  return (
    <div className="labels" aria-label="Cake labels">
      {labels.map(({ order, line, key }) => {
        const options = cakeOptionNames({ ...order, cakeWriting: writingOf(order) });
        return (
          <div className="label" key={key}>
            <div className="who">{order.customerName}</div>
            <div>
              #{order.orderNumber} · {methodLabel(order.deliveryMethod)} {dueLabel(order, windows)}
            </div>
            <div>{lineDescription(line)}</div>
            {options.length > 0 && <div className="writing">{options.join(', ')}</div>}
          </div>
        );
      })}
    </div>
  );
}
