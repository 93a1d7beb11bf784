// The delivery area (issue 24): the ZIP codes within about 25 miles of the
// bakery (1418 Thomasville Road, Tallahassee, FL 32303), in Florida only.
// Staff still set the fee from the real distance; this list only keeps an
// order for Beverly Hills from being accepted as "within 25 miles".

/**
 * Leon County (Tallahassee and Woodville) and the nearby towns of Gadsden,
 * Wakulla and Jefferson counties whose centre is within about 25 miles of
 * the bakery. PO-box-only and state-government ZIPs of Tallahassee count too:
 * a customer may know only those.
 */
import { onShopSettings, shopSettings } from '../settings/settings';

export const DELIVERY_ZIPS: readonly { zip: string; place: string }[] = [
  // Leon County
  ...[
    '32301',
    '32302',
    '32303',
    '32304',
    '32305',
    '32306',
    '32307',
    '32308',
    '32309',
    '32310',
    '32311',
    '32312',
    '32313',
    '32314',
    '32315',
    '32316',
    '32317',
    '32318',
    '32395',
    '32399',
  ].map((zip) => ({ zip, place: 'Tallahassee' })),
  { zip: '32362', place: 'Woodville' },
  // Gadsden County
  { zip: '32333', place: 'Havana' },
  { zip: '32343', place: 'Midway' },
  { zip: '32351', place: 'Quincy' },
  { zip: '32352', place: 'Quincy' },
  { zip: '32353', place: 'Quincy' },
  // Wakulla County
  { zip: '32326', place: 'Crawfordville' },
  { zip: '32327', place: 'Crawfordville' },
  { zip: '32355', place: 'St. Marks' },
  // Jefferson County
  { zip: '32337', place: 'Lloyd' },
  { zip: '32344', place: 'Monticello' },
  { zip: '32345', place: 'Monticello' },
];

/** The ZIP codes of the owner's delivery area (settings; default: DELIVERY_ZIPS). */
let ZIPS: ReadonlySet<string>;
let MILES = 25;
onShopSettings((s) => {
  ZIPS = new Set(s.deliveryZips);
  MILES = s.deliveryMiles;
});

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
