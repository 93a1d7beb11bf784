import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  BAKERY_INFO,
  confirmationState,
  customerPaymentBadge,
  formatDollars,
  MIN_LEAD_DAYS,
  PAYMENT_NOT_CONFIGURED_NOTICE,
  type PaymentStatusView,
} from '@bakery/core';
import { apiRequest } from '../../api/client';
import { useMyOrders, usePaymentStatus, useShopConfig, useUser } from '../../api/queries';
import { CakeExtras, OrderFacts, OrderLines } from '../my-orders/OrderDetails';

const LEAD_TIME = `Every order is baked fresh to order; we need at least ${MIN_LEAD_DAYS} days notice and will have it ready on the date you chose.`;

/** A confirmation's heading, its own text, then the lead-time reminder. */
function WithLeadTime({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h1>{title}</h1>
      {children}
      <p>{LEAD_TIME}</p>
    </>
  );
}

export default function ConfirmationPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  const referenceId = params.get('referenceId');
  const status = params.get('status');
  const paymentMethod = params.get('payment_method');
  const lookupId = orderId ?? referenceId;
  const { user } = useUser();
  const queryClient = useQueryClient();

  // Poll while the provider says success but our order is not yet paid.
  const stateOf = (d: PaymentStatusView | undefined) =>
    confirmationState({
      status,
      paymentMethod,
      orderId: lookupId,
      paymentStatus: d?.paymentStatus ?? null,
      paymentUrl: d?.paymentUrl ?? null,
    });
  const config = useShopConfig();
  const squareOff = config.data ? !config.data.paymentConfigured : false;
  const { data, isError } = usePaymentStatus(
    lookupId,
    (d) => !squareOff && stateOf(d) === 'processing',
  );
  // Without Square nothing will confirm a payment: never 'Processing Payment...' for ever.
  const raw = stateOf(data);
  const state = raw === 'processing' && squareOff ? 'pending' : raw;
  const myOrders = useMyOrders(Boolean(user && lookupId));
  const order = myOrders.data?.find((o) => o.id === lookupId) ?? null;
  const notFound = Boolean(lookupId) && isError && state !== 'error';

  // When Square sends the customer back, ask the server to confirm the payment.
  const confirmed = useRef(false);
  useEffect(() => {
    if (!referenceId || status !== 'success' || confirmed.current) return;
    confirmed.current = true;
    apiRequest('POST', '/api/square/confirm-payment', { referenceId })
      .then(() =>
        queryClient.invalidateQueries({ queryKey: ['/api/order-payment-status', lookupId ?? ''] }),
      )
      .catch((e) => console.error('Payment confirmation failed', e));
  }, [referenceId, status, lookupId, queryClient]);

  const total = data?.total !== undefined ? formatDollars(data.total) : null;

  let body;
  if (notFound) {
    body = (
      <>
        <h1>Order not found</h1>
        <p>
          We could not find that order. Check the link in your e-mail, or see all your orders in My
          Orders.
        </p>
      </>
    );
  } else
    switch (state) {
      case 'error':
        body = (
          <>
            <h1>Payment Error</h1>
            <div className="alert alert-error" role="alert">
              <p>
                There was an error processing your payment. Please try again or contact us for
                assistance.
              </p>
              <p>
                Email <a href={`mailto:${BAKERY_INFO.email}`}>{BAKERY_INFO.email}</a> or call{' '}
                <a href={`tel:${BAKERY_INFO.phone.replace(/[^\d+]/g, '')}`}>{BAKERY_INFO.phone}</a>.
              </p>
            </div>
          </>
        );
        break;
      case 'processing':
        body = (
          <>
            <h1>Processing Payment...</h1>
            <p role="status">
              <span className="spinner" aria-hidden="true" /> We're confirming your Square payment.
              This page updates automatically.
            </p>
          </>
        );
        break;
      case 'payment_confirmed':
        body = (
          <WithLeadTime title="Payment Confirmed!">
            <p>Thank you! Your Square payment{total ? ` of ${total}` : ''} was received.</p>
          </WithLeadTime>
        );
        break;
      case 'already_paid':
        body = (
          <WithLeadTime title="Order Already Paid">
            <p>This order{total ? ` (${total})` : ''} has already been paid. Thank you!</p>
          </WithLeadTime>
        );
        break;
      case 'pending_payment':
        body = (
          <WithLeadTime title="Complete Your Payment">
            <p>
              Your order{total ? ` total is ${total}` : ' is ready for payment'}. Payment is due via
              Square 24 hours before delivery of your order.
            </p>
            {data?.paymentUrl && (
              <a
                href={data.paymentUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="btn btn-primary"
              >
                Pay with Square
              </a>
            )}
          </WithLeadTime>
        );
        break;
      default:
        body = (
          <WithLeadTime title="Order Submitted for Review">
            {squareOff ? (
              <p>{PAYMENT_NOT_CONFIGURED_NOTICE.text}</p>
            ) : (
              <p>
                Thank you for your order! Our team will review it and send you a Square payment link
                by e-mail.
              </p>
            )}
          </WithLeadTime>
        );
    }

  return (
    <section
      className="container page narrow center confirmation"
      data-state={notFound ? 'not_found' : state}
    >
      {body}
      {order && !notFound && (
        <div className="card">
          <h2>Order #{order.orderNumber}</h2>
          <OrderFacts order={order} />
          <p>
            <strong>Payment:</strong> {customerPaymentBadge(order.paymentStatus)}
            {order.paymentStatus === 'pending' && squareOff
              ? ` (${PAYMENT_NOT_CONFIGURED_NOTICE.text})`
              : ''}
          </p>
          <OrderLines order={order} />
          <CakeExtras order={order} />
          <p>
            <strong>Total:</strong> {formatDollars(order.total)}
          </p>
        </div>
      )}
      <div className="button-row">
        <Link to="/" className="btn btn-secondary">
          Return Home
        </Link>
        {user && lookupId && (
          <Link to="/my-orders" className="btn btn-primary">
            View My Orders
          </Link>
        )}
      </div>
    </section>
  );
}
