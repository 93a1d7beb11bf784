// The delivery area (issue 24): the ZIP codes within about 25 miles of the
// bakery (1418 Thomasville Road, Tallahassee, FL 32303), in Florida only.
// Staff still set the fee from the real distance; this list only keeps an
// order for Beverly Hills from being accepted as "within 25 miles".

import { DEFAULT_DELIVERY_AREA, onShopSettings, shopSettings } from '../settings/settings';
import { bakeryAddressLine, DELIVERY_POLICY } from './bakery';
import { formatCents } from '../money/money';

/** The default area's ZIP codes with their towns (the settings' default list). */
export const DELIVERY_ZIPS = DEFAULT_DELIVERY_AREA;

/** The ZIP codes of the owner's delivery area (settings; default: DELIVERY_ZIPS). */
let ZIPS: ReadonlySet<string>;
let MILES = 25;
let FEES: ReadonlyMap<string, number> = new Map();
onShopSettings((s) => {
  ZIPS = new Set(s.deliveryZips);
  MILES = s.deliveryMiles;
  FEES = new Map((s.deliveryFees ?? []).map((row) => [row.zip, row.feeCents]));
});

/**
 * Issue 38: the delivery fee (cents) the owner set for this ZIP code, or null
 * when she set none (staff then add it after reviewing the order).
 */
export function deliveryFeeCentsFor(zip: string | null | undefined): number | null {
  const five = /^(\d{5})(?:-\d{4})?$/.exec((zip ?? '').trim());
  return five ? (FEES.get(five[1]!) ?? null) : null;
}

/** The state delivered to (Florida): a ZIP of the list is Florida's. */
export const DELIVERY_AREA_STATE = 'FL';

/** A 5-digit or ZIP+4 code within the delivery area. */
export function isDeliveryZip(zip: string | null | undefined): boolean {
  const five = /^(\d{5})(?:-\d{4})?$/.exec((zip ?? '').trim());
  // An owner who keeps no ZIP list delivers by distance alone (staff check it).
  return Boolean(five && (ZIPS.size === 0 || ZIPS.has(five[1]!)));
}

/** What a customer reads when an address is outside the area. */
export function outsideDeliveryAreaMessage(zip: string): string {
  return `We deliver only within ${MILES} miles of our ${shopSettings().city} bakery, and ZIP code ${zip.trim()} is outside our delivery area. Choose pickup, or a delivery address in the ${shopSettings().city} area.`;
}

/**
 * The policy in the words customers read on the order page and the About
 * page; without card payments connected no payment link is promised (issue 38).
 * Unknown (a prerendered page, or before GET /api/config answers), the last
 * line says only what holds either way.
 */
export function deliveryPolicyLines(paymentConfigured?: boolean): string[] {
  const p = DELIVERY_POLICY;
  return [
    `We deliver within ${p.maxMiles} miles of the bakery (${bakeryAddressLine()}), in ${p.states.map((s) => s.name).join(' and ')}.`,
    `Delivery fee: free within ${p.freeWithinMiles} miles, ${formatCents(p.flatFeeCents)} from ${p.freeWithinMiles} to ${p.flatUpToMiles} miles, then ${formatCents(p.perMileCentsAfter)} per mile after ${p.flatUpToMiles} miles.`,
    paymentConfigured === undefined
      ? 'Our team adds the fee after reviewing your order and e-mails you the new total.'
      : paymentConfigured
        ? 'Our team adds the fee after reviewing your order, and your payment link includes it.'
        : 'Our team adds the fee after reviewing your order and e-mails you the new total and how to pay.',
  ];
}
