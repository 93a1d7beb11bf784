// 1. Order Details: who orders, phone, pickup or delivery (with the delivery
// area and fee policy shown before choosing), the date (typed or picked; closed
// and full dates named) and the time beside the opening hours.
import {
  checkoutChangeNotice,
  closedWeekdayReason,
  closedWeekdaysText,
  DELIVERY_POLICY,
  deliveryPolicyLines,
  formatCents,
  formatLongDate,
  openingHoursLines,
  ORDER_MESSAGES,
  PICKUP_SLOTS,
  pickupSlotsOn,
  RUSH_FEE_CENTS,
  ZIP_RE,
  type UserView,
  rushThresholdWords,
} from '@bakery/core';
import { useState, type ReactNode } from 'react';
import { FormField } from '../../components/FormField';
import { useShopConfig } from '../../api/queries';
import { fieldId, textField, type OrderFormState, type SetField } from './orderForm';

export function DetailsSection({
  user,
  form,
  set,
  areaProblem,
  minDate,
  dateError,
  dateNotice,
  unavailableDates,
  rush,
  windows = [],
  calendar = null,
}: {
  user: UserView;
  form: OrderFormState;
  set: SetField;
  /** The delivery address is outside the delivery area (core's words). */
  areaProblem: string | null;
  minDate: string;
  dateError: string | null;
  dateNotice: string | null;
  unavailableDates: string[];
  rush: boolean;
  /** Issue 25: the owner's windows of the date ("8:00 AM – 10:00 AM (3 left)"); [] = the half-hour slots. */
  windows?: { value: string; label: string; full: boolean }[];
  /** Issue 25: the greyed calendar of the coming dates. */
  calendar?: ReactNode;
}) {
  const config = useShopConfig();
  const closedWeekdays = closedWeekdaysText();
  const otherDates = unavailableDates.filter((date) => closedWeekdayReason(date) === null);
  const delivery = form.deliveryMethod === 'delivery';
  const [zipTouched, setZipTouched] = useState(false);
  const zipError =
    delivery &&
    zipTouched &&
    form.deliveryZip.trim() !== '' &&
    !ZIP_RE.test(form.deliveryZip.trim())
      ? ORDER_MESSAGES.deliveryZip
      : null;
  return (
    <section className="card order-section" aria-labelledby="details-heading">
      <h2 id="details-heading">1. Order Details</h2>
      <div className="ordering-as">
        <p className="muted">Ordering as</p>
        <p>
          <strong>
            {user.firstName} {user.lastName}
          </strong>
          <br />
          <span className="break-anywhere">{user.email}</span>
        </p>
      </div>
      <FormField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        {...textField(form, set, 'customerPhone')}
      />
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
        <div className="hint delivery-policy" id="delivery-policy">
          {deliveryPolicyLines(config.data?.paymentConfigured).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </fieldset>
      {delivery && (
        <div className="delivery-block">
          <FormField
            label="Street address"
            autoComplete="street-address"
            {...textField(form, set, 'deliveryAddress')}
          />
          <div className="field-row">
            <FormField
              label="City"
              autoComplete="address-level2"
              {...textField(form, set, 'deliveryCity')}
            />
            <div className="field">
              <label htmlFor={fieldId('deliveryState')}>State</label>
              <select
                id={fieldId('deliveryState')}
                value={form.deliveryState}
                onChange={(e) => set('deliveryState', e.target.value)}
              >
                <option value="">Select state</option>
                {DELIVERY_POLICY.states.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
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
                maxLength={10}
                value={form.deliveryZip}
                aria-invalid={zipError || areaProblem ? true : undefined}
                aria-describedby={
                  zipError ? 'zip-error' : areaProblem ? 'delivery-area-error' : undefined
                }
                onBlur={() => setZipTouched(true)}
                onChange={(e) => set('deliveryZip', e.target.value)}
              />
              {zipError && (
                <p id="zip-error" className="error-text" role="alert">
                  {zipError}
                </p>
              )}
            </div>
          </div>
          {areaProblem && (
            <p id="delivery-area-error" className="alert alert-error" role="alert">
              {areaProblem}
            </p>
          )}
          <FormField
            label="Delivery instructions (optional)"
            multiline
            maxLength={300}
            {...textField(form, set, 'deliveryInstructions')}
          />
        </div>
      )}
      <div className="field-row">
        <div className="field">
          <label htmlFor={fieldId('pickupDate')}>
            {delivery ? 'Delivery date' : 'Pickup date'}
          </label>
          {/* Typed dates are kept while the year is still being typed; the
              error shows once the date is complete (issue 14). */}
          <input
            id={fieldId('pickupDate')}
            type="date"
            min={minDate}
            value={form.pickupDate}
            aria-describedby="pickup-date-hint"
            aria-invalid={dateError ? true : undefined}
            onChange={(e) => set('pickupDate', e.target.value)}
          />
          <p id="pickup-date-hint" className="hint">
            Earliest: {formatLongDate(minDate)}
            {/* Issue 37: the weekly closed days once as a rule, not date by date. */}
            {closedWeekdays && (
              <>
                <br />
                {closedWeekdays}
              </>
            )}
            {otherDates.length > 0 && (
              <>
                <br />
                {closedWeekdays ? 'Also closed or full' : 'Closed or full'} for this order:{' '}
                {otherDates.slice(0, 6).map(formatLongDate).join('; ')}
                {otherDates.length > 6 ? '; and more' : ''}
              </>
            )}
          </p>
          {calendar}
          {dateNotice && !dateError && <p className="hint">{dateNotice}</p>}
          {dateError && (
            <p className="error-text" role="alert">
              {dateError}
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
            aria-describedby="opening-hours"
            onChange={(e) => set('pickupTime', e.target.value)}
          >
            <option value="">{windows.length > 0 ? 'Select a window' : 'Select a time'}</option>
            {windows.length > 0
              ? windows.map((w) => (
                  <option key={w.value} value={w.value} disabled={w.full}>
                    {w.label}
                  </option>
                ))
              : (form.pickupDate ? pickupSlotsOn(form.pickupDate) : PICKUP_SLOTS).map((slot) => (
                  <option key={slot} value={slot}>
                    {slot}
                  </option>
                ))}
          </select>
          <p id="opening-hours" className="hint">
            Opening hours: {openingHoursLines().join('; ')}
          </p>
          {form.pickupDate && form.pickupTime && (
            <p className="hint" data-testid="change-until" aria-live="polite">
              {checkoutChangeNotice(form.pickupDate, form.pickupTime)}
            </p>
          )}
        </div>
      </div>
      {rush && (
        <div className="alert alert-warning" role="alert">
          <strong>Rush order:</strong> your date is less than {rushThresholdWords()} away, so a{' '}
          {formatCents(RUSH_FEE_CENTS)} rush fee applies.
        </div>
      )}
    </section>
  );
}
