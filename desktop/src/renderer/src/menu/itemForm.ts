// The item editor's form (issue 22): what the owner types, the storefront
// card it previews and the patch it sends. The prices and sizes are checked
// here (whole cents, above $0.00; each size named once) before anything is sent.
import { VARIANT_ID_PATTERN, type CatalogueItem } from '@bakery/core';
import type { ItemPatch } from './menuApi';

/** A size or count of the item as the owner types it. */
export interface SizeRow {
  /** A saved size keeps its id (carts and orders name it); a new one takes it from its name. */
  id: string | null;
  label: string;
  price: string;
}

export interface ItemForm {
  name: string;
  description: string;
  price: string;
  /** The sizes; none: the item has one price. */
  sizes: SizeRow[];
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
export const SIZE_NAME_MESSAGE = 'Give each size a name (like 4 count or 9 inch)';
export const SIZE_ONCE_MESSAGE = 'Each size or count may appear once';

/** A new size's id from its name: "9 Inch" is 9-inch. */
export const sizeIdOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');

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
  sizes: (item.variants ?? []).map((v) => ({
    id: v.id,
    label: v.label,
    price: (v.priceCents / 100).toFixed(2),
  })),
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

/** The sizes as the item would have them; a price not yet valid is null. */
const sizesOf = (form: ItemForm) =>
  form.sizes.map((row) => ({
    id: row.id ?? sizeIdOf(row.label),
    label: row.label.trim(),
    priceCents: dollarsToCentsStrict(row.price),
  }));

/** The item as the form would make it; a price not yet valid keeps the saved one. */
export const previewOf = (item: CatalogueItem, form: ItemForm): CatalogueItem => {
  const sizes = sizesOf(form).map((size) => ({
    ...size,
    priceCents: size.priceCents ?? item.variants?.find((v) => v.id === size.id)?.priceCents ?? 0,
  }));
  return {
    ...item,
    ...plainFields(form),
    priceCents: dollarsToCentsStrict(form.price) ?? item.priceCents,
    variants: sizes.length ? sizes : undefined,
  };
};

/** The owner's patch, or the message that refuses it. */
export function ownerPatchOf(item: CatalogueItem, form: ItemForm): ItemPatch | string {
  const patch: ItemPatch = plainFields(form);
  const max = Number(form.maxQuantity);
  if (!Number.isInteger(max) || max < 1)
    return 'The maximum quantity must be a whole number of at least 1';
  patch.maxQuantity = max;
  const sizes = sizesOf(form);
  if (sizes.length) {
    if (sizes.some((size) => !size.label || !VARIANT_ID_PATTERN.test(size.id)))
      return SIZE_NAME_MESSAGE;
    if (new Set(sizes.map((size) => size.id)).size < sizes.length) return SIZE_ONCE_MESSAGE;
    if (sizes.some((size) => size.priceCents === null)) return PRICE_MESSAGE;
    patch.variants = sizes as NonNullable<CatalogueItem['variants']>;
    return patch;
  }
  const cents = dollarsToCentsStrict(form.price);
  if (cents === null) return PRICE_MESSAGE;
  patch.priceCents = cents;
  // The last size removed: one price again.
  if (item.variants?.length) patch.variants = null;
  return patch;
}
