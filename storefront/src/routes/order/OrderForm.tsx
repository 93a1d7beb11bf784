// The order form: keeps the form state, prices the cart with core, names the
// date's problem, and submits core's payload (buildOrderPayload).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  addDays,
  bakeryToday,
  buildOrderPayload,
  menuCategories,
  openingCategory,
  checkOrderForSubmit,
  cartDayProblem,
  dateProblemForCart,
  cartItemsProblem,
  closedWeekdayMessage,
  fewLeftNotice,
  windowOption,
  earliestPickupDate,
  firstDayForCart,
  formatCents,
  isDateString,
  isPickupDateAllowed,
  isRushDate,
  MIN_LEAD_DAYS,
  missingOrderInformation,
  ORDER_MESSAGES,
  orderFormSchema,
  orderRefusal,
  PAYMENT_NOT_CONFIGURED_NOTICE,
  deliveryFeeCentsFor,
  paymentNotConfiguredText,
  priceOrder,
  ROUTES,
  RUSH_FEE_CENTS,
  type CategoryId,
  type SubmitOrderView,
  type UserView,
  rushThresholdWords,
} from '@bakery/core';
import { api, errorCode, errorMessage, isNetworkError } from '../../api/client';
import {
  MY_ORDERS_KEY,
  useAvailability,
  useFollowPublishedMenu,
  useShopConfig,
} from '../../api/queries';
import { CartLines } from '../../cart/CartLines';
import { cartLines, clearCart } from '../../cart/cartStorage';
import { useCartValue } from '../../cart/useCart';
import { FormField } from '../../components/FormField';
import { useToast } from '../../components/Toast';
import { CakeSection } from './CakeSection';
import { DetailsSection } from './DetailsSection';
import { MissingChecklist } from './MissingChecklist';
import { clearDraft, readDraft, saveDraft } from './orderDraft';
import { emptyForm, fieldId, textField, type OrderFormState } from './orderForm';
import { OrderSummary } from './OrderSummary';
import { ProductsSection } from './ProductsSection';
import { DayCalendar } from './DayCalendar';
import { DropsSection } from './DropsSection';
import { HoldTimer } from './HoldTimer';

const REDIRECT_MS = 2000;
/** How far ahead the calendar knows the kitchen's room (the API allows up to 92 days). */
const AVAILABILITY_DAYS = 90;
const isCategory = (v: string): boolean => menuCategories().some((c) => c.id === v);
/** A date whose year is fully typed (the field reports 0002-12-11 while "2026" is typed). */
const isCompleteDate = (value: string) => isDateString(value) && value >= '1000-01-01';

export function OrderForm({ user }: { user: UserView }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Issue 38: without card payments connected, no payment link is promised
  // (nor while GET /api/config has not answered).
  const paymentConfigured = useShopConfig().data?.paymentConfigured;
  const toast = useToast();
  const phone = user.phone ?? '';
  // The draft of this account (issue 24): what was typed before Back, the menu or a reload.
  const [form, setForm] = useState<OrderFormState>(() => readDraft(user.id, phone));
  useEffect(() => saveDraft(user.id, phone, form), [user.id, phone, form]);
  const [submitting, setSubmitting] = useState(false);
  /** What the summary says once the order is placed (the cart is empty by then). */
  const [placed, setPlaced] = useState<string | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());

  const hashCategory = location.hash.slice(1);
  const category: CategoryId = isCategory(hashCategory) ? hashCategory : openingCategory();
  const setCategory = (id: CategoryId) => void navigate({ hash: id }, { replace: true });
  // A category in the address (a menu link) scrolls to the products.
  const { hash } = location;
  useEffect(() => {
    if (hash && hash !== '#summary-heading')
      document.getElementById('products-heading')?.scrollIntoView?.();
  }, [hash]);

  const today = bakeryToday();
  const lines = useCartValue(cartLines);
  // Issue 22: the first day on which everything in the cart can be made.
  const minDate = firstDayForCart(lines, earliestPickupDate(today));
  const set = <K extends keyof OrderFormState>(key: K, value: OrderFormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const date = isCompleteDate(form.pickupDate) ? form.pickupDate : null;

  // The kitchen's capacity (issue 8): closed and full dates are named and
  // refused like too-early ones; the server checks again on submit.
  const availability = useAvailability(minDate, addDays(minDate, AVAILABILITY_DAYS - 1));
  // Issue 22: a menu published since the page loaded greys its dates without a reload.
  useFollowPublishedMenu(availability.data?.menuVersion, availability.dataUpdatedAt);
  const days = availability.data?.days ?? [];
  const selectedDay = date ? (days.find((day) => day.date === date) ?? null) : null;

  // Issue 37: the day's drop items pay no rush fee; the server prices them alike.
  const dropProductIds = (selectedDay?.drops ?? []).flatMap((unit) => unit.productIds);
  // Issue 38: the owner's fee for the delivery ZIP, shown and in the total before submitting.
  const zipFee = form.deliveryMethod === 'delivery' ? deliveryFeeCentsFor(form.deliveryZip) : null;
  const feeOption = zipFee !== null ? { deliveryFeeCents: zipFee } : {};
  // Without card payments, what the team will e-mail: the fee too, unless the ZIP's fee is known.
  const howToPay = paymentNotConfiguredText({
    deliveryMethod: form.deliveryMethod,
    deliveryFeeStatus: zipFee !== null ? 'calculated' : 'pending',
  });
  let priced = priceOrder(
    lines,
    {
      pickupDate: date,
      hasWriting: form.hasWriting,
      hasBows: form.hasBows,
      dropProductIds,
      ...feeOption,
    },
    today,
  );
  if (!priced.hasCakeItems && (form.hasWriting || form.hasBows))
    priced = priceOrder(
      lines,
      { pickupDate: date, hasWriting: false, hasBows: false, dropProductIds, ...feeOption },
      today,
    );
  const rush = date ? isRushDate(date, today) && !priced.rushFree : false;
  const fulfillment = form.deliveryMethod === 'delivery' ? 'delivery' : 'pickup';
  const unavailableDates = days
    .filter(
      (day) =>
        cartItemsProblem(lines, day.date) !== null ||
        dateProblemForCart(day, lines) !== null ||
        cartDayProblem(day, lines, fulfillment) !== null,
    )
    .map((day) => day.date);
  const dateError = !date
    ? null
    : !isPickupDateAllowed(date, today)
      ? ORDER_MESSAGES.pickupDateLead
      : (closedWeekdayMessage(date) ??
        cartItemsProblem(lines, date) ??
        (selectedDay
          ? (dateProblemForCart(selectedDay, lines) ??
            cartDayProblem(selectedDay, lines, fulfillment))
          : null));
  // Issue 25: the owner's windows of the chosen date, each with what is left for this cart.
  const windows = (selectedDay?.windows ?? [])
    .filter((w) => w.fulfillment === fulfillment)
    .map((w) => ({ value: w.time, ...windowOption(w, lines, selectedDay?.drops) }));
  const leftNotice = (productId: string) => {
    if (!selectedDay) return null;
    const left = selectedDay.itemsLeft?.[productId];
    return left === undefined ? null : fewLeftNotice(left, selectedDay.date);
  };
  const missing = missingOrderInformation({
    ...form,
    pickupDate: date && !dateError ? date : '',
    items: lines,
    hasCakeItems: priced.hasCakeItems,
  });
  // Writing ticked but empty, a delivery outside the area (core's rules, as the server's).
  const refusal = orderRefusal({ ...form, hasCakeItems: priced.hasCakeItems });
  const cartEmpty = lines.length === 0;

  /** Empties what was typed (the draft too); the cart stays. */
  function clearForm() {
    setForm(emptyForm(phone));
    clearDraft(user.id);
    toast({ title: 'Form cleared', description: 'Your cart is unchanged.' });
  }

  function focusField(field: string) {
    const el = document.getElementById(fieldId(field));
    el?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    el?.focus({ preventScroll: true });
  }

  function refuse(description: string | undefined, field?: string) {
    toast({ title: ORDER_MESSAGES.validationFailed, description, variant: 'destructive' });
    if (field) focusField(field);
  }

  function paymentNotConfigured() {
    toast({
      title: PAYMENT_NOT_CONFIGURED_NOTICE.title,
      description: howToPay,
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (cartEmpty || submitting) return;
    if (dateError) return refuse(dateError, 'pickupDate');
    if (missing.length > 0)
      return refuse(missing.map((m) => m.message).join(', '), missing[0]?.field);
    if (refusal) return refuse(refusal.message, refusal.field);
    const check = checkOrderForSubmit(priced, lines);
    if (!check.ok) return refuse(check.message);
    const orderData = buildOrderPayload(priced, { ...form, pickupDate: date ?? '' }, user);
    // The form's fields with core's messages; the name comes from the account.
    const parsed = orderFormSchema(today, { nameFromAccount: true }).safeParse(orderData);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(issue?.message, issue?.path[0] ? String(issue.path[0]) : undefined);
    }

    setSubmitting(true);
    try {
      const body: Partial<SubmitOrderView> & { code?: string } = await api.call(
        ROUTES.submitOrder,
        { body: { orderData }, headers: { 'Idempotency-Key': idempotencyKey.current } },
      );
      if (!body.success || !body.order)
        throw new Error(
          `400: ${JSON.stringify({ message: body.message ?? 'Failed to submit order' })}`,
        );
      if (body.code === 'payment_not_configured') paymentNotConfigured();
      else
        toast({
          title: 'Order submitted!',
          description:
            "We'll review your order and send a Square payment link. Payment is due 24 hours before your order.",
        });
      // Said once where the summary was, instead of an empty cart and a missing-items list.
      setPlaced(
        body.order.orderNumber ? `Order #${body.order.orderNumber} submitted.` : 'Order submitted.',
      );
      clearCart();
      setForm(emptyForm(phone));
      clearDraft(user.id);
      idempotencyKey.current = crypto.randomUUID();
      await queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      // Spec section 2: after 2 seconds, My Orders when signed in, else sign up.
      setTimeout(() => void navigate(user ? '/my-orders' : '/signup'), REDIRECT_MS);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'payment_not_configured') paymentNotConfigured();
      else {
        // The server's own refusal of a field (issue 24): the field gets the focus.
        if (code === 'cake_writing_required') focusField('cakeWriting');
        if (code === 'outside_delivery_area') focusField('deliveryZip');
        toast({
          title: 'Error submitting order',
          description: isNetworkError(error)
            ? 'Something went wrong. Please try again.'
            : errorMessage(error, 'Failed to submit order'),
          variant: 'destructive',
        });
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="container page order-page" onSubmit={(e) => void submit(e)} noValidate>
      <header className="page-header">
        <h1>Place Your Order</h1>
        <p className="lead">Welcome, {user.firstName}!</p>
        <p className="notice" role="note">
          Orders need at least {MIN_LEAD_DAYS} days notice. Orders placed less than{' '}
          {rushThresholdWords()} ahead incur a {formatCents(RUSH_FEE_CENTS)} rush fee.
        </p>
        {!cartEmpty && (
          <p>
            <a href="#summary-heading">
              Go to your order summary ({lines.length} {lines.length === 1 ? 'line' : 'lines'})
            </a>
          </p>
        )}
      </header>

      <DropsSection email={user.email} />
      <DetailsSection
        user={user}
        form={form}
        set={set}
        areaProblem={refusal?.code === 'outside_delivery_area' ? refusal.message : null}
        minDate={minDate}
        dateError={dateError}
        dateNotice={selectedDay?.notice ?? null}
        unavailableDates={unavailableDates}
        rush={rush}
        windows={windows}
        calendar={
          <DayCalendar
            days={days}
            lines={lines}
            selected={date}
            fulfillment={fulfillment}
            onPick={(picked) => set('pickupDate', picked)}
          />
        }
      />
      <HoldTimer day={selectedDay} lines={lines} />
      <ProductsSection
        category={category}
        onCategory={setCategory}
        lines={lines}
        leftNotice={leftNotice}
      />
      {priced.hasCakeItems && <CakeSection form={form} set={set} lines={priced.lines} />}

      <section className="card order-section" aria-labelledby="special-heading">
        <h2 id="special-heading">{priced.hasCakeItems ? '4' : '3'}. Special Instructions</h2>
        <FormField
          label="Anything we should know? (optional)"
          multiline
          maxLength={500}
          {...textField(form, set, 'specialInstructions')}
        />
      </section>

      <section className="card order-section" aria-labelledby="summary-heading">
        <h2 id="summary-heading">{priced.hasCakeItems ? '5' : '4'}. Order Summary</h2>
        {placed ? (
          <p role="status" className="order-placed">
            {placed} Taking you to My Orders…
          </p>
        ) : (
          <>
            <CartLines lines={lines} priced={priced} idPrefix="summary" />
            <OrderSummary
              priced={priced}
              deliveryMethod={form.deliveryMethod}
              deliveryFeeKnown={zipFee !== null}
            />
          </>
        )}
      </section>

      <section className="order-submit" aria-label="Submit order">
        {!placed && <MissingChecklist missing={missing} fieldId={fieldId} />}
        <button
          type="submit"
          className="btn btn-primary btn-large"
          disabled={submitting || cartEmpty}
        >
          {submitting ? 'Submitting...' : 'Submit Order'}
        </button>
        <button type="button" className="btn-link" onClick={clearForm}>
          Clear the form
        </button>
        {cartEmpty && !placed && (
          <p className="muted">Please add items to your cart before submitting</p>
        )}
        {paymentConfigured !== undefined && (
          <p className="notice">
            {paymentConfigured
              ? "Payment is due via Square 24 hours before delivery of your order. We'll send a Square payment link once we review your order."
              : howToPay}
          </p>
        )}
      </section>
    </form>
  );
}
