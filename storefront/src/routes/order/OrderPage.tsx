import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADD_INS,
  CAKE_BOWS_FEE_CENTS,
  CAKE_FILLINGS,
  CAKE_WRITING_FEE_CENTS,
  CATEGORIES,
  CATEGORY_IDS,
  DEFAULT_PICKUP_TIME,
  MIN_LEAD_DAYS,
  ORDER_MESSAGES,
  PICKUP_SLOTS,
  RUSH_FEE_CENTS,
  addDays,
  bakeryToday,
  centsToDollars,
  checkOrderForSubmit,
  dateProblemForCart,
  defaultVariantId,
  earliestPickupDate,
  formatCents,
  formatLongDate,
  isPickupDateAllowed,
  isRushDate,
  itemsInCategory,
  maxQuantityOf,
  missingOrderInformation,
  priceOrder,
  OrderFormSchema,
  type CategoryId,
  type MenuItem,
} from '@bakery/core';
import { apiRequest, errorCode, errorMessage, isNetworkError } from '../../api/client';
import { MY_ORDERS_KEY, useAvailability, useUser } from '../../api/queries';
import {
  ADD_INS_KEY,
  CAKE_SIZES_KEY,
  FILLINGS_KEY,
  VARIANTS_KEY,
  cartLines,
  clearCart,
  readCart,
  readChoices,
  writeCart,
  writeChoice,
} from '../../cart/cartStorage';
import { useCartVersion } from '../../cart/useCart';
import { clampOrderQuantity } from '../../components/quantity';
import { useToast } from '../../components/Toast';
import { CategoryButtons } from '../menu/MenuPage';
import { MissingChecklist } from './MissingChecklist';
import { OrderSummary } from './OrderSummary';
import { US_STATES } from './usStates';

export type OrderFormState = {
  customerPhone: string;
  deliveryMethod: 'pickup' | 'delivery';
  pickupDate: string;
  pickupTime: string;
  deliveryAddress: string;
  deliveryCity: string;
  deliveryState: string;
  deliveryZip: string;
  deliveryInstructions: string;
  specialInstructions: string;
  hasWriting: boolean;
  cakeWriting: string;
  hasBows: boolean;
};

const emptyForm = (phone = ''): OrderFormState => ({
  customerPhone: phone,
  deliveryMethod: 'pickup',
  pickupDate: '',
  pickupTime: DEFAULT_PICKUP_TIME,
  deliveryAddress: '',
  deliveryCity: '',
  deliveryState: '',
  deliveryZip: '',
  deliveryInstructions: '',
  specialInstructions: '',
  hasWriting: false,
  cakeWriting: '',
  hasBows: false,
});

/** The element id of each form field, so the checklist can focus it. */
export const fieldId = (field: string) => `order-${field}`;

const REDIRECT_MS = 2000;
const isCategory = (v: string): v is CategoryId => (CATEGORY_IDS as readonly string[]).includes(v);

function AccountRequired() {
  return (
    <section className="container page narrow center">
      <h1>Account Required</h1>
      <p>
        Please create an account or sign in to place an order. Your cart is saved to your account.
      </p>
      <div className="button-row">
        <Link to="/signup" className="btn btn-primary">
          Create Account
        </Link>
        <Link to="/login" className="btn btn-secondary">
          Sign In
        </Link>
      </div>
    </section>
  );
}

function ProductRow({
  item,
  quantity,
  choices,
}: {
  item: MenuItem;
  quantity: number;
  choices: Record<string, string | undefined>;
}) {
  const max = maxQuantityOf(item);
  const isCake = item.category === 'cakes';
  const variantKey = isCake ? CAKE_SIZES_KEY : VARIANTS_KEY;
  const variantId = choices.variant ?? (item.variants?.length ? defaultVariantId(item) : undefined);
  const unit = item.variants?.find((v) => v.id === variantId)?.priceCents ?? item.priceCents;

  function setQuantity(q: number) {
    const cart = readCart();
    cart[item.id] = q;
    // Choosing an item with sizes/counts stores its default (6-count, 6-inch).
    if (q > 0 && item.variants?.length && !choices.variant)
      writeChoice(variantKey, item.id, defaultVariantId(item) ?? item.variants[0].id);
    if (q > 0 && item.fillings && !choices.filling && CAKE_FILLINGS[0])
      writeChoice(FILLINGS_KEY, item.id, CAKE_FILLINGS[0].id);
    writeCart(cart);
  }

  const base = `product-${item.id}`;
  return (
    <li className={`product-row${quantity > 0 ? ' selected' : ''}`}>
      <div className="product-row-main">
        <input
          type="checkbox"
          id={`${base}-check`}
          checked={quantity > 0}
          onChange={(e) => setQuantity(e.target.checked ? 1 : 0)}
        />
        <label htmlFor={`${base}-check`} className="product-row-name">
          <strong>{item.name}</strong>
          <span className="muted"> {formatCents(unit)}</span>
          <span className="product-row-desc">{item.description}</span>
        </label>
        <div className="field compact">
          <label htmlFor={`${base}-qty`}>
            Quantity<span className="sr-only"> of {item.name}</span>
          </label>
          <input
            id={`${base}-qty`}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            value={quantity}
            onChange={(e) => setQuantity(clampOrderQuantity(e.target.value, max))}
          />
        </div>
      </div>
      {quantity > 0 && (item.variants?.length || item.fillings || item.addIns) ? (
        <div className="product-row-options">
          {item.variants && item.variants.length > 0 && (
            <div className="field compact">
              <label htmlFor={`${base}-variant`}>{isCake ? 'Size' : 'Count'}</label>
              <select
                id={`${base}-variant`}
                value={variantId}
                onChange={(e) => writeChoice(variantKey, item.id, e.target.value)}
              >
                {item.variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.label} ({formatCents(v.priceCents)})
                  </option>
                ))}
              </select>
            </div>
          )}
          {item.fillings && (
            <div className="field compact">
              <label htmlFor={`${base}-filling`}>Filling</label>
              <select
                id={`${base}-filling`}
                value={choices.filling ?? CAKE_FILLINGS[0]?.id}
                onChange={(e) => writeChoice(FILLINGS_KEY, item.id, e.target.value)}
              >
                {CAKE_FILLINGS.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {item.addIns && (
            <div className="field compact">
              <label htmlFor={`${base}-addin`}>Add-in</label>
              <select
                id={`${base}-addin`}
                value={choices.addIn ?? ''}
                onChange={(e) => writeChoice(ADD_INS_KEY, item.id, e.target.value || null)}
              >
                <option value="">None</option>
                {ADD_INS.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** How far ahead the calendar knows the kitchen's room (the API allows up to 92 days). */
const AVAILABILITY_DAYS = 90;

function OrderForm({ user }: { user: NonNullable<ReturnType<typeof useUser>['user']> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const cartVersion = useCartVersion();
  const [form, setForm] = useState<OrderFormState>(() => emptyForm(user.phone ?? ''));
  const [submitting, setSubmitting] = useState(false);
  const [dateError, setDateError] = useState<string | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());

  const hashCategory = location.hash.slice(1);
  const category: CategoryId = isCategory(hashCategory) ? hashCategory : 'breads';
  const setCategory = (id: CategoryId) => navigate({ hash: id }, { replace: true });

  const today = bakeryToday();
  const minDate = earliestPickupDate(today);
  const set = <K extends keyof OrderFormState>(key: K, value: OrderFormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  // Re-read the cart whenever it changes (this tab or another).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const lines = useMemo(() => cartLines(), [cartVersion]);
  const cart = useMemo(() => readCart(), [lines]); // eslint-disable-line react-hooks/exhaustive-deps
  const choices = useMemo(
    () => ({
      variants: { ...readChoices(VARIANTS_KEY), ...readChoices(CAKE_SIZES_KEY) },
      fillings: readChoices(FILLINGS_KEY),
      addIns: readChoices(ADD_INS_KEY),
    }),
    [lines], // eslint-disable-line react-hooks/exhaustive-deps
  );

  let priced = priceOrder(
    lines,
    { pickupDate: form.pickupDate || null, hasWriting: form.hasWriting, hasBows: form.hasBows },
    today,
  );
  if (!priced.hasCakeItems && (form.hasWriting || form.hasBows))
    priced = priceOrder(
      lines,
      { pickupDate: form.pickupDate || null, hasWriting: false, hasBows: false },
      today,
    );
  const rush = form.pickupDate ? isRushDate(form.pickupDate, today) : false;

  // The kitchen's capacity (issue 8): closed and full dates are refused like
  // too-early ones; the server checks again when the order is submitted.
  const availability = useAvailability(minDate, addDays(minDate, AVAILABILITY_DAYS - 1));
  const days = availability.data?.days ?? [];
  const dayOf = (date: string) => days.find((day) => day.date === date) ?? null;
  const selectedDay = form.pickupDate ? dayOf(form.pickupDate) : null;
  const capacityProblem = selectedDay ? dateProblemForCart(selectedDay, lines) : null;
  const unavailableDates = days
    .filter((day) => dateProblemForCart(day, lines) !== null)
    .map((day) => day.date);
  const missing = missingOrderInformation({ ...form, items: lines });
  const cartEmpty = lines.length === 0;

  function onDateChange(value: string) {
    if (value && !isPickupDateAllowed(value, today)) {
      setDateError(ORDER_MESSAGES.pickupDateLead);
      set('pickupDate', '');
      return;
    }
    const problem = value ? dateProblemFor(value) : null;
    if (problem) {
      setDateError(problem);
      set('pickupDate', '');
      return;
    }
    setDateError(null);
    set('pickupDate', value);
  }

  function dateProblemFor(date: string): string | null {
    const day = dayOf(date);
    return day ? dateProblemForCart(day, lines) : null;
  }

  function focusFirstMissing() {
    const first = missing[0];
    const el = first && document.getElementById(fieldId(first.field));
    el?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    el?.focus({ preventScroll: true });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (cartEmpty || submitting) return;
    if (missing.length > 0) {
      toast({
        title: ORDER_MESSAGES.validationFailed,
        description: missing.map((m) => m.message).join(', '),
        variant: 'destructive',
      });
      focusFirstMissing();
      return;
    }
    const check = checkOrderForSubmit(priced, lines);
    if (!check.ok) {
      toast({
        title: ORDER_MESSAGES.validationFailed,
        description: check.message,
        variant: 'destructive',
      });
      return;
    }
    const hasCakeItems = priced.hasCakeItems;
    const writingNote =
      hasCakeItems && form.hasWriting && form.cakeWriting.trim()
        ? `Cake writing: "${form.cakeWriting.trim()}"`
        : '';
    const specialInstructions = [writingNote, form.specialInstructions.trim()]
      .filter(Boolean)
      .join('\n');
    const delivery = form.deliveryMethod === 'delivery';
    const formValues = {
      customerName: `${user.firstName} ${user.lastName}`.trim(),
      customerEmail: user.email,
      customerPhone: form.customerPhone,
      pickupDate: form.pickupDate,
      pickupTime: form.pickupTime,
      deliveryMethod: form.deliveryMethod,
      deliveryAddress: delivery ? form.deliveryAddress : '',
      deliveryCity: delivery ? form.deliveryCity : '',
      deliveryState: delivery ? form.deliveryState : '',
      deliveryZip: delivery ? form.deliveryZip : '',
      deliveryInstructions: delivery ? form.deliveryInstructions : '',
      specialInstructions,
    };
    const parsed = OrderFormSchema.safeParse(formValues);
    if (!parsed.success) {
      toast({
        title: ORDER_MESSAGES.validationFailed,
        description: parsed.error.issues[0]?.message,
        variant: 'destructive',
      });
      return;
    }
    const orderData = {
      ...formValues,
      userId: user.id,
      items: priced.lines.map((l) => ({
        productId: l.productId,
        name: l.name,
        price: centsToDollars(l.unitPriceCents),
        quantity: l.quantity,
        variant: l.variantId ?? null,
        filling: l.filling ?? null,
        addIn: l.addIn ?? null,
      })),
      subtotal: centsToDollars(priced.subtotalCents),
      cakeOptionsFee: centsToDollars(priced.cakeOptionsFeeCents),
      rushFee: centsToDollars(priced.rushFeeCents),
      tax: centsToDollars(priced.taxCents),
      total: centsToDollars(priced.totalCents),
      isRushOrder: priced.isRushOrder,
      hasCakeItems,
      cakeOptions: hasCakeItems ? { hasWriting: form.hasWriting, hasBows: form.hasBows } : null,
      deliveryFeeStatus: delivery ? 'pending' : 'not_applicable',
    };

    setSubmitting(true);
    try {
      const res = await apiRequest(
        'POST',
        '/api/submit-order',
        { orderData },
        { 'Idempotency-Key': idempotencyKey.current },
      );
      const body = (await res.json()) as { success?: boolean; message?: string; code?: string };
      if (!body.success)
        throw new Error(
          `400: ${JSON.stringify({ message: body.message ?? 'Failed to submit order' })}`,
        );
      if (body.code === 'payment_not_configured') {
        toast({
          title: 'Order submitted for review',
          description: `Our team will contact you at ${user.email} to arrange payment with Square.`,
        });
      } else {
        toast({
          title: 'Order submitted!',
          description:
            "We'll review your order and send a Square payment link. Payment is due 24 hours before your order.",
        });
      }
      clearCart();
      setForm(emptyForm(user.phone ?? ''));
      idempotencyKey.current = crypto.randomUUID();
      await queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      setTimeout(
        () => navigate(queryClient.getQueryData(['/api/user']) ? '/my-orders' : '/signup'),
        REDIRECT_MS,
      );
    } catch (error) {
      const message = isNetworkError(error)
        ? 'Something went wrong. Please try again.'
        : errorMessage(error, 'Failed to submit order');
      if (errorCode(error) === 'payment_not_configured') {
        toast({
          title: 'Order submitted for review',
          description: `Our team will contact you at ${user.email} to arrange payment with Square.`,
        });
      } else {
        toast({ title: 'Error submitting order', description: message, variant: 'destructive' });
      }
    } finally {
      setSubmitting(false);
    }
  }

  const currentCategory = CATEGORIES.find((c) => c.id === category)!;
  const delivery = form.deliveryMethod === 'delivery';

  return (
    <form className="container page order-page" onSubmit={submit} noValidate>
      <header className="page-header">
        <h1>Place Your Order</h1>
        <p className="lead">Welcome, {user.firstName}!</p>
        <p className="notice" role="note">
          Orders need at least {MIN_LEAD_DAYS} days notice. Orders placed less than 1 week ahead
          incur a {formatCents(RUSH_FEE_CENTS)} rush fee.
        </p>
      </header>

      <section className="card order-section" aria-labelledby="details-heading">
        <h2 id="details-heading">1. Order Details</h2>
        <div className="ordering-as">
          <p className="muted">Ordering as</p>
          <p>
            <strong>
              {user.firstName} {user.lastName}
            </strong>
            <br />
            {user.email}
          </p>
        </div>
        <div className="field">
          <label htmlFor={fieldId('customerPhone')}>Phone number</label>
          <input
            id={fieldId('customerPhone')}
            type="tel"
            autoComplete="tel"
            value={form.customerPhone}
            onChange={(e) => set('customerPhone', e.target.value)}
          />
        </div>
        <fieldset className="field">
          <legend>Pickup or delivery</legend>
          <div className="radio-row">
            <label>
              <input
                type="radio"
                name="deliveryMethod"
                value="pickup"
                checked={!delivery}
                onChange={() => set('deliveryMethod', 'pickup')}
              />{' '}
              Pickup
            </label>
            <label>
              <input
                type="radio"
                name="deliveryMethod"
                value="delivery"
                checked={delivery}
                onChange={() => set('deliveryMethod', 'delivery')}
              />{' '}
              Delivery
            </label>
          </div>
        </fieldset>
        {delivery && (
          <div className="delivery-block">
            <p className="muted">
              Our team calculates the delivery fee from the distance and sends the payment link once
              it is added.
            </p>
            <div className="field">
              <label htmlFor={fieldId('deliveryAddress')}>Street address</label>
              <input
                id={fieldId('deliveryAddress')}
                autoComplete="street-address"
                value={form.deliveryAddress}
                onChange={(e) => set('deliveryAddress', e.target.value)}
              />
            </div>
            <div className="field-row">
              <div className="field">
                <label htmlFor={fieldId('deliveryCity')}>City</label>
                <input
                  id={fieldId('deliveryCity')}
                  autoComplete="address-level2"
                  value={form.deliveryCity}
                  onChange={(e) => set('deliveryCity', e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={fieldId('deliveryState')}>State</label>
                <select
                  id={fieldId('deliveryState')}
                  value={form.deliveryState}
                  onChange={(e) => set('deliveryState', e.target.value)}
                >
                  <option value="">Select state</option>
                  {US_STATES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={fieldId('deliveryZip')}>ZIP code</label>
                <input
                  id={fieldId('deliveryZip')}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  value={form.deliveryZip}
                  onChange={(e) => set('deliveryZip', e.target.value)}
                />
              </div>
            </div>
            <div className="field">
              <label htmlFor={fieldId('deliveryInstructions')}>
                Delivery instructions (optional)
              </label>
              <textarea
                id={fieldId('deliveryInstructions')}
                maxLength={300}
                value={form.deliveryInstructions}
                onChange={(e) => set('deliveryInstructions', e.target.value)}
              />
            </div>
          </div>
        )}
        <div className="field-row">
          <div className="field">
            <label htmlFor={fieldId('pickupDate')}>
              {delivery ? 'Delivery date' : 'Pickup date'}
            </label>
            <input
              id={fieldId('pickupDate')}
              type="date"
              min={minDate}
              value={form.pickupDate}
              aria-describedby="pickup-date-hint"
              aria-invalid={dateError ? true : undefined}
              onChange={(e) => onDateChange(e.target.value)}
            />
            <p id="pickup-date-hint" className="hint">
              Earliest: {formatLongDate(minDate)}
              {unavailableDates.length > 0 && (
                <>
                  <br />
                  Unavailable for this order:{' '}
                  {unavailableDates.slice(0, 6).map(formatLongDate).join('; ')}
                  {unavailableDates.length > 6 ? '; and more' : ''}
                </>
              )}
            </p>
            {selectedDay?.notice && !capacityProblem && (
              <p className="hint">{selectedDay.notice}</p>
            )}
            {(dateError ?? capacityProblem) && (
              <p className="error-text" role="alert">
                {dateError ?? capacityProblem}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={fieldId('pickupTime')}>
              {delivery ? 'Delivery time' : 'Pickup time'}
            </label>
            <select
              id={fieldId('pickupTime')}
              value={form.pickupTime}
              onChange={(e) => set('pickupTime', e.target.value)}
            >
              <option value="">Select a time</option>
              {PICKUP_SLOTS.map((slot) => (
                <option key={slot} value={slot}>
                  {slot}
                </option>
              ))}
            </select>
          </div>
        </div>
        {rush && (
          <div className="alert alert-warning" role="alert">
            <strong>Rush order:</strong> your date is less than 1 week away, so a{' '}
            {formatCents(RUSH_FEE_CENTS)} rush fee applies.
          </div>
        )}
      </section>

      <section className="card order-section" aria-labelledby="products-heading">
        <h2 id="products-heading">2. Select Products</h2>
        <CategoryButtons value={category} onChange={setCategory} />
        <div className="category-banner" id={fieldId('items')} tabIndex={-1}>
          <img
            src={currentCategory.image}
            alt={currentCategory.imageAlt}
            width={160}
            height={120}
            loading="lazy"
          />
          <h3>{currentCategory.label}</h3>
        </div>
        <ul className="product-rows">
          {itemsInCategory(category).map((item) => (
            <ProductRow
              key={item.id}
              item={item}
              quantity={cart[item.id] ?? 0}
              choices={{
                variant: choices.variants[item.id],
                filling: choices.fillings[item.id],
                addIn: choices.addIns[item.id],
              }}
            />
          ))}
        </ul>
      </section>

      {priced.hasCakeItems && (
        <section className="card order-section" aria-labelledby="cake-heading">
          <h2 id="cake-heading">3. Cake Customization</h2>
          <label className="check-row">
            <input
              type="checkbox"
              checked={form.hasWriting}
              onChange={(e) => set('hasWriting', e.target.checked)}
            />{' '}
            Add writing (+{formatCents(CAKE_WRITING_FEE_CENTS)})
          </label>
          {form.hasWriting && (
            <div className="field">
              <label htmlFor={fieldId('cakeWriting')}>Writing on the cake</label>
              <input
                id={fieldId('cakeWriting')}
                maxLength={60}
                value={form.cakeWriting}
                onChange={(e) => set('cakeWriting', e.target.value)}
              />
            </div>
          )}
          <label className="check-row">
            <input
              type="checkbox"
              checked={form.hasBows}
              onChange={(e) => set('hasBows', e.target.checked)}
            />{' '}
            Add bows (+{formatCents(CAKE_BOWS_FEE_CENTS)})
          </label>
        </section>
      )}

      <section className="card order-section" aria-labelledby="special-heading">
        <h2 id="special-heading">{priced.hasCakeItems ? '4' : '3'}. Special Instructions</h2>
        <div className="field">
          <label htmlFor={fieldId('specialInstructions')}>
            Anything we should know? (optional)
          </label>
          <textarea
            id={fieldId('specialInstructions')}
            maxLength={500}
            value={form.specialInstructions}
            onChange={(e) => set('specialInstructions', e.target.value)}
          />
        </div>
      </section>

      <section className="card order-section" aria-labelledby="summary-heading">
        <h2 id="summary-heading">{priced.hasCakeItems ? '5' : '4'}. Order Summary</h2>
        <OrderSummary priced={priced} deliveryMethod={form.deliveryMethod} />
      </section>

      <section className="order-submit" aria-label="Submit order">
        <MissingChecklist missing={missing} fieldId={fieldId} />
        <button
          type="submit"
          className="btn btn-primary btn-large"
          disabled={submitting || cartEmpty}
        >
          {submitting ? 'Submitting...' : 'Submit Order'}
        </button>
        {cartEmpty && <p className="muted">Please add items to your cart before submitting</p>}
        <p className="notice">
          Payment is due via Square 24 hours before delivery of your order. We'll send a Square
          payment link once we review your order.
        </p>
      </section>
    </form>
  );
}

export default function OrderPage() {
  const { user, isLoading } = useUser();
  const { hash } = useLocation();
  // Scroll the product section into view when arriving with a category hash.
  useEffect(() => {
    if (user && hash) document.getElementById('products-heading')?.scrollIntoView?.();
  }, [user, hash]);
  if (isLoading) return null;
  if (!user) return <AccountRequired />;
  return <OrderForm user={user} />;
}
