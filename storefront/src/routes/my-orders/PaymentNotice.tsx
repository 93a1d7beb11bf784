import { customerPaymentBadge, customerPaymentNotice, type OrderView } from '@bakery/core';

export function PaymentBadge({ status }: { status: string }) {
  const label = customerPaymentBadge(status);
  return (
    <span className={`badge ${label === 'Paid' ? 'badge-paid' : 'badge-pending'}`}>{label}</span>
  );
}

/** While payment is pending, exactly one of: the Square pay button, the delivery-fee notice, or the processing notice. */
export function PaymentNotice({ order }: { order: OrderView }) {
  const notice = customerPaymentNotice(order);
  if (!notice) return null;
  if (notice === 'pay' && order.squarePaymentUrl) {
    return (
      <a
        href={order.squarePaymentUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="btn btn-primary"
      >
        Pay with Square <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  if (notice === 'delivery_fee_pending') {
    return (
      <div className="alert alert-info" role="status">
        <strong>Delivery Fee Calculation Pending</strong>
        <p>Check back in 24 hours for payment link</p>
      </div>
    );
  }
  return (
    <div className="alert alert-info" role="status">
      <strong>Payment Processing</strong>
      <p>Payment link is being generated</p>
    </div>
  );
}
