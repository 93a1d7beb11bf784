import { useShopConfig } from '../../api/queries';
import {
  PAYMENT_NOT_CONFIGURED_NOTICE,
  paymentNotConfiguredText,
  CUSTOMER_NOTICE_TEXT,
  customerPaymentBadge,
  customerPaymentNotice,
  type OrderView,
} from '@bakery/core';

export function PaymentBadge({ status }: { status: string }) {
  const label = customerPaymentBadge(status);
  return (
    <span
      className={`badge ${label === 'Paid' ? 'badge-paid' : label === 'Cancelled' ? 'badge-cancelled' : 'badge-pending'}`}
    >
      {label}
    </span>
  );
}

/** While payment is pending, exactly one of: the Square pay button, the delivery-fee notice, or the processing notice. */
export function PaymentNotice({ order }: { order: OrderView }) {
  const config = useShopConfig();
  const notice = customerPaymentNotice(order);
  if (!notice) return null;
  // Without Square no link will come: the one message of the whole shop (issue
  // 14), pay at pickup or the team gets in touch (issue 38), never "check back for a link".
  if (notice !== 'pay' && config.data && !config.data.paymentConfigured) {
    return (
      <div className="alert alert-info" role="status">
        <strong>{PAYMENT_NOT_CONFIGURED_NOTICE.title}</strong>
        <p>{paymentNotConfiguredText(order)}</p>
      </div>
    );
  }
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
  const text = CUSTOMER_NOTICE_TEXT[notice === 'delivery_fee_pending' ? notice : 'processing'];
  return (
    <div className="alert alert-info" role="status">
      <strong>{text.title}</strong>
      <p>{text.text}</p>
    </div>
  );
}
