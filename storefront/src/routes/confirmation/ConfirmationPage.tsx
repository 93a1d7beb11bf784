import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  BAKERY_INFO,
  confirmationState,
  formatDollars,
  MIN_LEAD_DAYS,
  type PaymentStatusView,
} from '@bakery/core';
import { apiRequest } from '../../api/client';
import { usePaymentStatus, useUser } from '../../api/queries';

const LEAD_TIME = `Every order is baked fresh to order; we need at least ${MIN_LEAD_DAYS} days notice and will have it ready on the date you chose.`;

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
  const { data } = usePaymentStatus(lookupId, (d) => stateOf(d) === 'processing');
  const state = stateOf(data);

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
        <>
          <h1>Payment Confirmed!</h1>
          <p>Thank you! Your Square payment{total ? ` of ${total}` : ''} was received.</p>
          <p>{LEAD_TIME}</p>
        </>
      );
      break;
    case 'already_paid':
      body = (
        <>
          <h1>Order Already Paid</h1>
          <p>This order{total ? ` (${total})` : ''} has already been paid. Thank you!</p>
          <p>{LEAD_TIME}</p>
        </>
      );
      break;
    case 'pending_payment':
      body = (
        <>
          <h1>Complete Your Payment</h1>
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
          <p>{LEAD_TIME}</p>
        </>
      );
      break;
    default:
      body = (
        <>
          <h1>Order Submitted for Review</h1>
          <p>
            Thank you for your order! Our team will review it and send you a Square payment link by
            e-mail.
          </p>
          <p>{LEAD_TIME}</p>
        </>
      );
  }

  return (
    <section className="container page narrow center confirmation" data-state={state}>
      {body}
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
