// Payloads of the owner's menu calls (issue 22, docs/api.md): items and
// categories of the draft. Checks that need the draft itself (an unknown
// category, a duplicate id) are made by the API with MENU_MESSAGES.
import { z } from 'zod';
import { isDateString } from '../calendar/calendar';
import { photoIdOf } from './photos';
import { VARIANT_ID_PATTERN } from './catalogue';
import { requiredText } from '../schemas/common';
import { ALLERGEN_IDS, type AllergenId } from '../kitchen/allergens';

export const MENU_MESSAGES = {
  id: 'The id must be 2 to 60 lowercase letters, digits or dashes (like lemon-loaf)',
  duplicateId: (id: string) => `An item with the id ${id} already exists`,
  duplicateCategoryId: (id: string) => `A category with the id ${id} already exists`,
  name: 'Enter a name of at most 80 characters',
  description: 'The description cannot exceed 400 characters',
  category: 'Choose a category of the menu',
  unknownCategory: (id: string) => `There is no category ${id} on the menu`,
  price: 'Enter a price above $0.00',
  priceCents: 'Enter the price in whole cents (at most 2 decimals)',
  variants: 'Give each size or count an id, a label and a price',
  variantId:
    'A size or count id must be 1 to 24 lowercase letters, digits or dashes (like 4-count or 9in)',
  duplicateVariant: 'Each size or count may appear once',
  maxQuantity: 'The maximum quantity must be a whole number of at least 1',
  date: 'Enter a date as YYYY-MM-DD',
  dateOrder: 'The end date must not be before the start date',
  weekdays: 'Weekdays are 0 (Sunday) to 6 (Saturday)',
  image: 'The photo must be one uploaded to the menu (or none for the drawing)',
  imageAlt: 'Describe the photo in at most 200 characters',
  imageAltRequired: (name: string) => `Describe the photo of ${name} (alt text) before publishing`,
  label: 'Enter a label of at most 40 characters',
  position: 'The position must be a whole number from 0',
  categoryNotEmpty: (label: string, count: number) =>
    `${label} still has ${count} item${count === 1 ? '' : 's'}: move or delete them first`,
  notFound: (id: string) => `There is no item ${id} in the draft`,
  categoryNotFound: (id: string) => `There is no category ${id} in the draft`,
  nothingToPublish: 'The draft is the same as the published menu: nothing to publish',
  versionNotFound: 'There is no such version',
  alreadyLive: (n: number) =>
    `Version ${n} is what customers see now: there is nothing to restore (Undo discards the draft)`,
  sameAsLive: (n: number, live: number) =>
    `Version ${n} is the same as the live menu (version ${live}): nothing changed`,
  soldOutOnly: 'Admins may only mark items sold out; the owner changes the rest',
  ingredients: 'List the ingredients in at most 1,000 characters',
  pieces: 'Pieces per item must be a whole number from 1 to 1,000',
  pieceName: 'Call a piece in at most 30 characters ("rolls")',
  allergens: `Choose allergens among: ${ALLERGEN_IDS.join(', ')}`,
} as const;

const ID = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])$/;

const menuDate = () =>
  z.string({ error: MENU_MESSAGES.date }).trim().refine(isDateString, MENU_MESSAGES.date);

/** A list of the allergen ids GET /api/menu uses, each once, in their order. */
const allergenIds = () =>
  z
    .array(
      z.enum(ALLERGEN_IDS as [AllergenId, ...AllergenId[]], { error: MENU_MESSAGES.allergens }),
      { error: MENU_MESSAGES.allergens },
    )
    .max(ALLERGEN_IDS.length, MENU_MESSAGES.allergens)
    .transform((ids) => ALLERGEN_IDS.filter((id) => ids.includes(id)));

/** Pieces one item (or size) is for the kitchen (issue 37). */
const pieces = () =>
  z
    .number({ error: MENU_MESSAGES.pieces })
    .int(MENU_MESSAGES.pieces)
    .min(1, MENU_MESSAGES.pieces)
    .max(1000, MENU_MESSAGES.pieces);

const cents = () =>
  z
    .number({ error: MENU_MESSAGES.price })
    .int(MENU_MESSAGES.priceCents)
    .positive(MENU_MESSAGES.price)
    .max(10_000_000, MENU_MESSAGES.price);

/**
 * A price in dollars (`price: 22` or `12.5`, as the order calls write money)
 * read as `priceCents`, when no priceCents is given; more than 2 decimals
 * stays a fraction of a cent, for priceCents' own check to refuse.
 */
function dollarsAsCents(value: unknown): unknown {
  if (!isRecord(value) || !('price' in value) || 'priceCents' in value) return value;
  const { price, ...rest } = value;
  if (typeof price !== 'number') return { ...rest, priceCents: price };
  const cents = price * 100;
  const whole = Math.round(cents);
  return { ...rest, priceCents: Math.abs(cents - whole) < 1e-6 ? whole : cents };
}

/** A category's `name`, as items call theirs, read as its `label`. */
function nameAsLabel(value: unknown): unknown {
  if (!isRecord(value) || !('name' in value) || 'label' in value) return value;
  const { name, ...rest } = value;
  return { ...rest, label: name };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `schema` that also takes `price` in dollars; typed callers still see its own fields. */
const pricedInDollars = <S extends z.ZodType>(schema: S) =>
  z.preprocess<unknown, S, z.input<S>>(dollarsAsCents, schema);

/** `schema` that also takes a category's `name` for its `label`. */
const labelledByName = <S extends z.ZodType>(schema: S) =>
  z.preprocess<unknown, S, z.input<S>>(nameAsLabel, schema);

export const VariantSchema = pricedInDollars(
  z.object({
    id: z
      .string({ error: MENU_MESSAGES.variants })
      .regex(VARIANT_ID_PATTERN, MENU_MESSAGES.variantId),
    label: requiredText(40, MENU_MESSAGES.label, MENU_MESSAGES.label),
    priceCents: cents(),
    pieces: pieces().optional(),
  }),
);

/** The availability fields: what an admin may change (markSoldOut) is the first two. */
const soldOutFields = {
  soldOutUntil: menuDate().nullable(),
  soldOutDates: z.array(menuDate(), { error: MENU_MESSAGES.date }).max(366, MENU_MESSAGES.date),
};
export const SOLD_OUT_FIELDS = Object.keys(soldOutFields) as readonly string[];

const itemFields = {
  name: requiredText(80, MENU_MESSAGES.name, MENU_MESSAGES.name),
  description: z
    .string({ error: MENU_MESSAGES.description })
    .trim()
    .max(400, MENU_MESSAGES.description),
  category: z.string({ error: MENU_MESSAGES.category }).trim().min(1, MENU_MESSAGES.category),
  priceCents: cents(),
  variants: z
    .array(VariantSchema, { error: MENU_MESSAGES.variants })
    .max(8, MENU_MESSAGES.variants)
    .refine((v) => new Set(v.map((x) => x.id)).size === v.length, MENU_MESSAGES.duplicateVariant)
    .nullable(),
  maxQuantity: z
    .number({ error: MENU_MESSAGES.maxQuantity })
    .int(MENU_MESSAGES.maxQuantity)
    .min(1, MENU_MESSAGES.maxQuantity)
    .max(999, MENU_MESSAGES.maxQuantity),
  fillings: z.boolean(),
  addIns: z.boolean(),
  hidden: z.boolean(),
  ...soldOutFields,
  availableFrom: menuDate().nullable(),
  availableUntil: menuDate().nullable(),
  weekdays: z
    .array(z.number().int().min(0, MENU_MESSAGES.weekdays).max(6, MENU_MESSAGES.weekdays), {
      error: MENU_MESSAGES.weekdays,
    })
    .max(7, MENU_MESSAGES.weekdays),
  image: z
    .string({ error: MENU_MESSAGES.image })
    .refine((url) => photoIdOf(url) !== null, MENU_MESSAGES.image)
    .nullable(),
  imageAlt: z.string({ error: MENU_MESSAGES.imageAlt }).trim().max(200, MENU_MESSAGES.imageAlt),
  position: z
    .number({ error: MENU_MESSAGES.position })
    .int(MENU_MESSAGES.position)
    .min(0, MENU_MESSAGES.position),
  // Allergens as the owner states them (issue 38): live on publish; a linked recipe wins.
  ingredients: z
    .string({ error: MENU_MESSAGES.ingredients })
    .trim()
    .max(1000, MENU_MESSAGES.ingredients),
  contains: allergenIds(),
  mayContain: allergenIds(),
  // The kitchen's unit (issue 37): the bake sheet and labels count pieces.
  pieces: pieces().nullable(),
  pieceName: z.string({ error: MENU_MESSAGES.pieceName }).trim().max(30, MENU_MESSAGES.pieceName),
};

type Dated = { availableFrom?: string | null; availableUntil?: string | null };
const datesInOrder = (value: Dated) =>
  !value.availableFrom || !value.availableUntil || value.availableFrom <= value.availableUntil;
const dateOrderIssue = { message: MENU_MESSAGES.dateOrder, path: ['availableUntil'] };

/** PATCH /api/admin/menu/items/{id}: the fields to change. */
export const MenuItemPatchSchema = pricedInDollars(
  z.object(itemFields).partial().strict().refine(datesInOrder, dateOrderIssue),
);
export type MenuItemPatch = z.infer<typeof MenuItemPatchSchema>;

/** POST /api/admin/menu/items: a new item (id, name, category and a price required). */
export const MenuItemCreateSchema = pricedInDollars(
  z
    .object(itemFields)
    .partial()
    .extend({
      id: z.string({ error: MENU_MESSAGES.id }).trim().regex(ID, MENU_MESSAGES.id),
      name: itemFields.name,
      category: itemFields.category,
    })
    .strict()
    .refine(datesInOrder, dateOrderIssue)
    .refine((v) => v.priceCents !== undefined || (v.variants?.length ?? 0) > 0, {
      message: MENU_MESSAGES.price,
      path: ['priceCents'],
    }),
);
export type MenuItemCreate = z.infer<typeof MenuItemCreateSchema>;

/** A change an admin (markSoldOut, not manageMenu) may make. */
export const isSoldOutOnly = (patch: Record<string, unknown>): boolean =>
  Object.keys(patch).every((key) => SOLD_OUT_FIELDS.includes(key));

const categoryFields = {
  label: requiredText(40, MENU_MESSAGES.label, MENU_MESSAGES.label),
  image: itemFields.image,
  imageAlt: itemFields.imageAlt,
  hidden: z.boolean(),
  position: itemFields.position,
};

export const MenuCategoryPatchSchema = labelledByName(z.object(categoryFields).partial().strict());
export type MenuCategoryPatch = z.infer<typeof MenuCategoryPatchSchema>;

export const MenuCategoryCreateSchema = labelledByName(
  z
    .object({
      id: z.string({ error: MENU_MESSAGES.id }).trim().regex(ID, MENU_MESSAGES.id),
      label: categoryFields.label,
      image: categoryFields.image.optional(),
      imageAlt: categoryFields.imageAlt.optional(),
      hidden: categoryFields.hidden.optional(),
      position: categoryFields.position.optional(),
    })
    .strict(),
);
export type MenuCategoryCreate = z.infer<typeof MenuCategoryCreateSchema>;

/** POST /api/admin/menu/publish: an optional note for the history. */
export const MenuPublishSchema = z.object({ note: z.string().trim().max(200).optional() }).strict();
