import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  BAKERY_INFO,
  confirmationState,
  customerPaymentBadge,
  formatDollars,
  MIN_LEAD_DAYS,
  parseOrderNumber,
  PAYMENT_NOT_CONFIGURED_NOTICE,
  paymentNotConfiguredText,
  ROUTES,
  type PaymentStatusView,
} from '@bakery/core';
import { api } from '../../api/client';
import { savePending } from '../../cart/cartStorage';
import {
  paymentStatusKey,
  useMyOrders,
  usePaymentStatus,
  useShopConfig,
  useUser,
} from '../../api/queries';
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
  const location = useLocation();
  const referenceId = params.get('referenceId');
  const status = params.get('status');
  const paymentMethod = params.get('payment_method');
  // The short number as typed (issue 24): "?order_id=4CA071DC", "%234CA071DC",
  // or "?order_id=#4CA071DC", where the browser reads "#4CA071DC" as the hash.
  const typedId = params.get('order_id')?.trim() || null;
  const orderId = parseOrderNumber(typedId) ?? typedId ?? (parseOrderNumber(location.hash) || null);
  const shortNumber = parseOrderNumber(orderId);
  const lookupId = orderId ?? referenceId;
  const { user, isLoading: userLoading } = useUser();
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
  const foundId = data?.orderId ?? lookupId;
  const order = myOrders.data?.find((o) => o.id === foundId) ?? null;
  const failed = Boolean(lookupId) && isError && state !== 'error';
  // A short number finds an order only for its owner: a visitor is asked to sign in.
  const signInFirst = failed && Boolean(shortNumber) && !user && !userLoading;
  const notFound = failed && !signInFirst;
  const here = `${location.pathname}${location.search}${location.hash}`;
  const signInLink = (
    <Link to="/login" className="btn btn-primary" onClick={() => savePending(null, here)}>
      Sign In
    </Link>
  );

  // When Square sends the customer back, ask the server to confirm the payment.
  const confirmed = useRef(false);
  useEffect(() => {
    if (!referenceId || status !== 'success' || confirmed.current) return;
    confirmed.current = true;
    api
      .call(ROUTES.squareConfirmPayment, { body: { referenceId } })
      .then(() => queryClient.invalidateQueries({ queryKey: paymentStatusKey(lookupId) }))
      .catch((e) => console.error('Payment confirmation failed', e));
  }, [referenceId, status, lookupId, queryClient]);

  const total = data?.total !== undefined ? formatDollars(data.total) : null;

  let body;
  if (!lookupId && state !== 'error') {
    body = (
      <>
        <h1>No order to show</h1>
        <p>
          This page confirms an order once you have placed it or paid for it, and the link in your
          order e-mail brings you back to it.
        </p>
        {user ? (
          <p>
            All your orders are in <Link to="/my-orders">My Orders</Link>.
          </p>
        ) : (
          <p>Sign in to see your orders.</p>
        )}
      </>
    );
  } else if (signInFirst) {
    body = (
      <>
        <h1>Sign in to see order #{shortNumber}</h1>
        <p>An order number shows its order only to the account that placed it.</p>
      </>
    );
  } else if (notFound) {
    body = (
      <>
        <h1>Order not found</h1>
        <p>
          We could not find {shortNumber ? `order #${shortNumber}` : 'that order'}
          {user ? ' among your orders' : ''}. Check the link in your e-mail
          {user ? ', or see all your orders in My Orders' : ', or sign in to see your orders'}.
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
              <p>{order ? paymentNotConfiguredText(order) : PAYMENT_NOT_CONFIGURED_NOTICE.text}</p>
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
      data-state={
        !lookupId && state !== 'error'
          ? 'no_order'
          : signInFirst
            ? 'sign_in'
            : notFound
              ? 'not_found'
              : state
      }
    >
      {body}
      {lookupId && !user && !userLoading && !signInFirst && !notFound && state !== 'error' && (
        <p className="muted">Sign in to see this order's items, date and place.</p>
      )}
      {order && !notFound && (
        <div className="card">
          <h2>Order #{order.orderNumber}</h2>
          <OrderFacts order={order} />
          <p>
            <strong>Payment:</strong> {customerPaymentBadge(order.paymentStatus)}
          </p>
          <OrderLines order={order} />
          <CakeExtras order={order} />
          <p>
            <strong>Total:</strong> <span className="amount">{formatDollars(order.total)}</span>
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
        {!user && !userLoading && !notFound && signInLink}
      </div>
    </section>
  );
}
