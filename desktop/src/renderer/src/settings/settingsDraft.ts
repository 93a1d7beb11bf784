// The Settings form's fields and its draft (issue 22): each field's text as
// the form shows it (money in dollars, ZIP codes and fees as lines), and the
// document the draft describes, before core's schema checks it.
import type { ShopSettings, Weekday } from '@bakery/core';

/** The form's text for each field: numbers as typed, money in dollars. */
export type Draft = Record<string, string>;
export type HoursDraft = Record<Weekday, { open: boolean; opens: string; closes: string }>;

export const TEXT_FIELDS: { key: keyof ShopSettings; label: string; hint?: string }[] = [
  { key: 'name', label: 'Shop name' },
  { key: 'tagline', label: 'Tagline' },
  { key: 'street', label: 'Street address' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'stateCode', label: 'State code', hint: 'Two letters, such as FL' },
  { key: 'zip', label: 'ZIP code' },
  { key: 'phone', label: 'Phone', hint: '(XXX) XXX-XXXX' },
  { key: 'email', label: 'E-mail' },
  { key: 'website', label: 'Website' },
  { key: 'openSince', label: 'Open since (year)' },
];

export const ORDER_FIELDS: {
  key: keyof ShopSettings;
  label: string;
  hint?: string;
  dollars?: boolean;
}[] = [
  { key: 'leadTimeDays', label: 'Lead time (days)', hint: 'The earliest pickup, in days' },
  {
    key: 'rushThresholdDays',
    label: 'Rush under (days)',
    hint: 'Pickups sooner pay the rush fee',
  },
  { key: 'rushFeeCents', label: 'Rush fee ($)', dollars: true },
  { key: 'taxRatePercent', label: 'Tax rate (%)', hint: 'Up to 3 decimals, such as 8.75' },
  { key: 'cakeWritingFeeCents', label: 'Cake writing fee ($)', dollars: true },
  { key: 'cakeBowsFeeCents', label: 'Cake bows fee ($)', dollars: true },
  {
    key: 'selfServiceLockHours',
    label: 'Customer changes close (hours before pickup)',
    hint: 'Until then customers may move, change or cancel their order',
  },
];

export const DELIVERY_FIELDS: { key: keyof ShopSettings; label: string; hint?: string }[] = [
  { key: 'deliveryMiles', label: 'Delivery distance (miles)' },
];

const NUMBER_KEYS = new Set<string>([
  'openSince',
  'leadTimeDays',
  'rushThresholdDays',
  'taxRatePercent',
  'selfServiceLockHours',
  'deliveryMiles',
]);
const DOLLAR_KEYS = new Set<string>(['rushFeeCents', 'cakeWritingFeeCents', 'cakeBowsFeeCents']);
/** Switches: 'true' or 'false' in the draft. */
const BOOLEAN_KEYS = new Set<string>(['quickSalesUseCapacity']);

export function textOf(settings: ShopSettings, key: keyof ShopSettings): string {
  const value = settings[key];
  if (DOLLAR_KEYS.has(key)) return ((value as number) / 100).toFixed(2);
  if (key === 'deliveryZips') return (value as string[]).join(', ');
  if (key === 'deliveryFees')
    return (value as ShopSettings['deliveryFees'])
      .map((row) => `${row.zip} ${(row.feeCents / 100).toFixed(2)}`)
      .join('\n');
  return String(value);
}

/** A typed number ("" stays text, so the schema says what is wrong). */
const numberOf = (text: string): number | string => {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
};

/** The document the form describes, before the schema checks it. */
export function documentOf(saved: ShopSettings, draft: Draft, hours: HoursDraft): unknown {
  const out: Record<string, unknown> = { ...saved, hours };
  for (const [key, text] of Object.entries(draft)) {
    if (DOLLAR_KEYS.has(key)) {
      const n = numberOf(text.replace(/^\$/, ''));
      out[key] = typeof n === 'number' ? Math.round(n * 100) : n;
    } else if (NUMBER_KEYS.has(key)) out[key] = numberOf(text);
    else if (BOOLEAN_KEYS.has(key)) out[key] = text === 'true';
    else if (key === 'deliveryFees')
      // One "ZIP fee" per line (issue 38): "32301 5.00"; a line that is not one is kept for the schema to name.
      out[key] = text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [zip = '', fee = ''] = line.replace(/\$/g, '').split(/[\s,;]+/);
          const n = numberOf(fee);
          return { zip, feeCents: typeof n === 'number' ? Math.round(n * 100) : n };
        });
    else if (key === 'deliveryZips')
      out[key] = text
        .split(/[\s,;]+/)
        .map((z) => z.trim())
        .filter(Boolean);
    else out[key] = text;
  }
  return out;
}
