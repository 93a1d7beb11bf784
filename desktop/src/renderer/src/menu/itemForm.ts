// The item editor's form (issue 22): what the owner types, the storefront
// card it previews and the patch it sends. The prices and sizes are checked
// here (whole cents, above $0.00; each size named once) before anything is sent.
import { VARIANT_ID_PATTERN, type AllergenId, type CatalogueItem } from '@bakery/core';
import type { ItemPatch, NewItem } from './menuApi';

/** A size or count of the item as the owner types it. */
export interface SizeRow {
  /** A saved size keeps its id (carts and orders name it); a new one takes it from its name. */
  id: string | null;
  label: string;
  price: string;
  /** Pieces one of this size is (issue 37); empty: the item's. */
  pieces?: string;
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
  /** Allergens as stated (issue 38). */
  ingredients: string;
  contains: AllergenId[];
  mayContain: AllergenId[];
  /** The kitchen's unit (issue 37): pieces per item (empty: the rule) and their name. */
  pieces: string;
  pieceName: string;
}

export const PIECES_MESSAGE = 'Pieces per item must be a whole number from 1 to 1,000';

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
    pieces: v.pieces ? String(v.pieces) : '',
  })),
  maxQuantity: String(item.maxQuantity ?? 10),
  hidden: Boolean(item.hidden),
  soldOutUntil: item.soldOutUntil ?? '',
  availableFrom: item.availableFrom ?? '',
  availableUntil: item.availableUntil ?? '',
  weekdays: item.weekdays ?? [],
  image: item.image,
  imageAlt: item.imageAlt,
  ingredients: item.ingredients ?? '',
  contains: item.contains ?? [],
  mayContain: item.mayContain ?? [],
  pieces: item.pieces ? String(item.pieces) : '',
  pieceName: item.pieceName ?? '',
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
  ingredients: form.ingredients,
  contains: form.contains,
  mayContain: form.mayContain,
  pieceName: form.pieceName.trim(),
});

/** Pieces as typed: empty is none (the rule), else a whole number 1–1,000 or NaN. */
const piecesOf = (text: string | undefined): number | null => {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return null;
  const n = Number(trimmed);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : NaN;
};

/** The sizes as the item would have them; a price not yet valid is null. */
const sizesOf = (form: ItemForm) =>
  form.sizes.map((row) => ({
    id: row.id ?? sizeIdOf(row.label),
    label: row.label.trim(),
    priceCents: dollarsToCentsStrict(row.price),
    ...(piecesOf(row.pieces) ? { pieces: piecesOf(row.pieces)! } : {}),
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
  const pieces = piecesOf(form.pieces);
  if (Number.isNaN(pieces) || form.sizes.some((row) => Number.isNaN(piecesOf(row.pieces))))
    return PIECES_MESSAGE;
  patch.pieces = pieces;
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

// ------------------------------------------------------------------ new item

/** How a new item is sold: one price, sizes by name, or counts of pieces. */
export type SoldAs = 'one' | 'sizes' | 'pieces';

export interface NewItemForm {
  name: string;
  category: string;
  description: string;
  soldAs: SoldAs;
  price: string;
  /** Sizes by name, or (soldAs 'pieces') rows whose label is the number of pieces. */
  sizes: SizeRow[];
  image: string | null;
  imageAlt: string;
  ingredients: string;
  contains: AllergenId[];
  mayContain: AllergenId[];
}

export const NEW_ITEM_MESSAGES = {
  name: 'Enter the item’s name',
  category: 'Choose the category it is listed under',
  pieces: 'Enter the number of pieces (a whole number from 1) for each count',
  alt: 'Describe the photo (alt text): customers who cannot see it read this',
} as const;

export const emptyNewItem = (category: string): NewItemForm => ({
  name: '',
  category,
  description: '',
  soldAs: 'one',
  price: '',
  sizes: [],
  image: null,
  imageAlt: '',
  ingredients: '',
  contains: [],
  mayContain: [],
});

/** A new item's id from its name, not yet taken in the draft: "Apple Pie" is apple-pie. */
export function newItemIdOf(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 54)
      .replace(/-+$/, '') || 'item';
  const stem = base.length < 2 ? `${base}-item` : base;
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** The body of POST /api/admin/menu/items, or the message that refuses the form. */
export function newItemOf(form: NewItemForm, taken: ReadonlySet<string>): NewItem | string {
  const name = form.name.trim();
  if (!name) return NEW_ITEM_MESSAGES.name;
  if (!form.category) return NEW_ITEM_MESSAGES.category;
  if (form.image && !form.imageAlt.trim()) return NEW_ITEM_MESSAGES.alt;
  const body = {
    id: newItemIdOf(name, taken),
    name,
    category: form.category,
    description: form.description.trim(),
    image: form.image,
    imageAlt: form.imageAlt.trim(),
    ingredients: form.ingredients.trim(),
    contains: form.contains,
    mayContain: form.mayContain,
  };
  if (form.soldAs === 'one') {
    const cents = dollarsToCentsStrict(form.price);
    if (cents === null) return PRICE_MESSAGE;
    return { ...body, priceCents: cents };
  }
  if (form.soldAs === 'pieces') {
    if (!form.sizes.length || form.sizes.some((row) => !/^[1-9]\d{0,3}$/.test(row.label.trim())))
      return NEW_ITEM_MESSAGES.pieces;
  }
  // Counts are named as the seed names them ("4 count", id 4-count: the
  // kitchen counts the pieces of a count against the day's limit).
  const rows =
    form.soldAs === 'pieces'
      ? form.sizes.map((row) => ({ ...row, label: `${Number(row.label.trim())} count` }))
      : form.sizes;
  const sizes = sizesOf({ ...emptyForm, sizes: rows });
  if (!sizes.length || sizes.some((size) => !size.label || !VARIANT_ID_PATTERN.test(size.id)))
    return SIZE_NAME_MESSAGE;
  if (new Set(sizes.map((size) => size.id)).size < sizes.length) return SIZE_ONCE_MESSAGE;
  if (sizes.some((size) => size.priceCents === null)) return PRICE_MESSAGE;
  return { ...body, variants: sizes as NonNullable<CatalogueItem['variants']> };
}

const emptyForm: ItemForm = {
  name: '',
  description: '',
  price: '',
  sizes: [],
  maxQuantity: '',
  hidden: false,
  soldOutUntil: '',
  availableFrom: '',
  availableUntil: '',
  weekdays: [],
  image: null,
  imageAlt: '',
  ingredients: '',
  contains: [],
  mayContain: [],
  pieces: '',
  pieceName: '',
};
