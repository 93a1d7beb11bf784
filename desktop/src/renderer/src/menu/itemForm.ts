// The item editor's form (issue 22): what the owner types, the storefront
// card it previews and the patch it sends. The price is checked here (whole
// cents, above $0.00) before anything is sent.
import type { CatalogueItem } from '@bakery/core';
import type { ItemPatch } from './menuApi';

export interface ItemForm {
  name: string;
  description: string;
  price: string;
  variants: Record<string, string>;
  maxQuantity: string;
  hidden: boolean;
  soldOutUntil: string;
  availableFrom: string;
  availableUntil: string;
  weekdays: number[];
  /** An uploaded photo's URL, or null for the category's drawing. */
  image: string | null;
  imageAlt: string;
}

export const PRICE_MESSAGE = 'Enter a price above $0.00, with at most 2 decimals';

/** "22" or "22.5" or "22.50" in cents; null for anything else (more than 2 decimals, 0). */
export function dollarsToCentsStrict(text: string): number | null {
  const match = /^\s*\$?(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

export const formOf = (item: CatalogueItem): ItemForm => ({
  name: item.name,
  description: item.description,
  price: (item.priceCents / 100).toFixed(2),
  variants: Object.fromEntries(
    (item.variants ?? []).map((v) => [v.id, (v.priceCents / 100).toFixed(2)]),
  ),
  maxQuantity: String(item.maxQuantity ?? 10),
  hidden: Boolean(item.hidden),
  soldOutUntil: item.soldOutUntil ?? '',
  availableFrom: item.availableFrom ?? '',
  availableUntil: item.availableUntil ?? '',
  weekdays: item.weekdays ?? [],
  image: item.image,
  imageAlt: item.imageAlt,
});

/** The fields the form sends as typed (an empty date is none). */
const plainFields = (form: ItemForm) => ({
  name: form.name,
  description: form.description,
  hidden: form.hidden,
  soldOutUntil: form.soldOutUntil || null,
  availableFrom: form.availableFrom || null,
  availableUntil: form.availableUntil || null,
  weekdays: form.weekdays,
  image: form.image,
  imageAlt: form.imageAlt,
});

/** The item as the form would make it; a price not yet valid keeps the saved one. */
export const previewOf = (item: CatalogueItem, form: ItemForm): CatalogueItem => ({
  ...item,
  ...plainFields(form),
  priceCents: dollarsToCentsStrict(form.price) ?? item.priceCents,
  variants: item.variants?.map((v) => ({
    ...v,
    priceCents: dollarsToCentsStrict(form.variants[v.id] ?? '') ?? v.priceCents,
  })),
});

/** The owner's patch, or the message that refuses it. */
export function ownerPatchOf(item: CatalogueItem, form: ItemForm): ItemPatch | string {
  const patch: ItemPatch = plainFields(form);
  const max = Number(form.maxQuantity);
  if (!Number.isInteger(max) || max < 1)
    return 'The maximum quantity must be a whole number of at least 1';
  patch.maxQuantity = max;
  if (item.variants?.length) {
    const variants = item.variants.map((v) => ({
      ...v,
      priceCents: dollarsToCentsStrict(form.variants[v.id] ?? ''),
    }));
    if (variants.some((v) => v.priceCents === null)) return PRICE_MESSAGE;
    patch.variants = variants as NonNullable<CatalogueItem['variants']>;
  } else {
    const cents = dollarsToCentsStrict(form.price);
    if (cents === null) return PRICE_MESSAGE;
    patch.priceCents = cents;
  }
  return patch;
}
