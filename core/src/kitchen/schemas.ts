// Payloads of the kitchen calls (docs/kitchen.md): capacity limits, closed
// dates, recipe links and the date ranges of availability and bake sheets.
import { z } from 'zod';
import { optionalNote, wholeNumberIn } from '../schemas/common';
import { getMenuItem } from '../catalogue/catalogue';
import { daysAway, isDateString } from '../calendar/calendar';
import { kitchenCategories, MAX_CAPACITY_UNITS } from './capacity';

export const KITCHEN_MESSAGES = {
  category: 'Choose a menu category',
  maxUnits: `Enter a whole number of units from 0 to ${MAX_CAPACITY_UNITS.toLocaleString('en-US')}`,
  date: 'Enter a date as YYYY-MM-DD',
  reason: 'The reason cannot exceed 200 characters',
  product: 'Choose a menu item',
  variant: 'Choose one of the options of this menu item, or none for all of them',
  recipe: 'Choose a recipe',
  recipeYield: 'Enter how many units one batch of the recipe makes (more than 0)',
  unitsPerItem: 'Enter how many units one ordered item holds (more than 0)',
  rangeOrder: 'The start date must not be after the end date',
  rangeLength: 'Choose a range of at most 92 days',
} as const;

/** The longest range availability, bake sheets and margins answer for. */
export const MAX_KITCHEN_RANGE_DAYS = 92;

export const kitchenDate = () =>
  z.string({ error: KITCHEN_MESSAGES.date }).trim().refine(isDateString, KITCHEN_MESSAGES.date);

/** PUT /api/admin/kitchen/capacity: the limits to change (others keep theirs). */
export const CapacityLimitsSchema = z.object({
  limits: z
    .array(
      z.object({
        // The seed's categories and those the owner added (read when the call is checked).
        category: z
          .string({ error: KITCHEN_MESSAGES.category })
          .refine((id) => (kitchenCategories() as string[]).includes(id), {
            error: KITCHEN_MESSAGES.category,
          }),
        maxUnits: wholeNumberIn(0, MAX_CAPACITY_UNITS, KITCHEN_MESSAGES.maxUnits),
      }),
      { error: KITCHEN_MESSAGES.category },
    )
    .min(1, KITCHEN_MESSAGES.category),
});
export type CapacityLimitsInput = z.infer<typeof CapacityLimitsSchema>;

/** POST /api/admin/kitchen/closed-dates. */
export const ClosedDateSchema = z.object({
  date: kitchenDate(),
  reason: optionalNote(200, KITCHEN_MESSAGES.reason),
});
export type ClosedDateInput = z.infer<typeof ClosedDateSchema>;

/** The most days one closing covers (a holiday season). */
export const MAX_CLOSED_RANGE_DAYS = 62;

/**
 * POST /api/admin/kitchen/closed-dates/range: close every date from fromDate
 * to toDate (inclusive) in one action (issue 14: holidays).
 */
export const ClosedDateRangeSchema = z
  .object({
    fromDate: kitchenDate(),
    toDate: kitchenDate(),
    reason: ClosedDateSchema.shape.reason,
  })
  .refine((v) => v.toDate >= v.fromDate, {
    message: 'The last date cannot be before the first',
    path: ['toDate'],
  })
  .refine(
    (v) =>
      (Date.parse(`${v.toDate}T00:00:00Z`) - Date.parse(`${v.fromDate}T00:00:00Z`)) / 86_400_000 <
      MAX_CLOSED_RANGE_DAYS,
    { message: `Close at most ${MAX_CLOSED_RANGE_DAYS} days at once`, path: ['toDate'] },
  );
export type ClosedDateRangeInput = z.infer<typeof ClosedDateRangeSchema>;

const positiveDecimal = (message: string) =>
  z.coerce
    .number({ error: message })
    .refine((value) => Number.isFinite(value) && value >= 0.0001 && value <= 100_000, message);

/**
 * PUT /api/admin/kitchen/links: link a menu item (and one of its variants,
 * or '' for all of them) to a recipe. One batch makes `recipeYield` units; one
 * ordered item holds `unitsPerItem` units.
 */
export const ProductRecipeLinkSchema = z
  .object({
    productId: z
      .string({ error: KITCHEN_MESSAGES.product })
      .trim()
      .refine((id) => Boolean(getMenuItem(id)), KITCHEN_MESSAGES.product),
    variantId: z
      .string({ error: KITCHEN_MESSAGES.variant })
      .trim()
      .nullish()
      .transform((value) => value ?? ''),
    recipeId: z.uuid({ error: KITCHEN_MESSAGES.recipe }),
    recipeYield: positiveDecimal(KITCHEN_MESSAGES.recipeYield),
    unitsPerItem: positiveDecimal(KITCHEN_MESSAGES.unitsPerItem),
  })
  .superRefine((link, ctx) => {
    const item = getMenuItem(link.productId);
    if (item && link.variantId !== '' && !item.variants?.some((v) => v.id === link.variantId)) {
      ctx.addIssue({ code: 'custom', path: ['variantId'], message: KITCHEN_MESSAGES.variant });
    }
  });
export type ProductRecipeLinkInput = z.infer<typeof ProductRecipeLinkSchema>;

/** DELETE /api/admin/kitchen/links?productId&variantId. */
export const ProductRecipeKeySchema = z.object({
  productId: z.string({ error: KITCHEN_MESSAGES.product }).trim().min(1, KITCHEN_MESSAGES.product),
  variantId: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value ?? ''),
});

/** `?fromDate&toDate` of availability, bake sheets and margins: both required, at most 92 days. */
export const KitchenRangeSchema = z
  .object({ fromDate: kitchenDate(), toDate: kitchenDate() })
  .superRefine((range, ctx) => {
    if (!isDateString(range.fromDate) || !isDateString(range.toDate)) return;
    const days = daysAway(range.toDate, range.fromDate);
    if (days < 0)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: KITCHEN_MESSAGES.rangeOrder });
    else if (days >= MAX_KITCHEN_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: KITCHEN_MESSAGES.rangeLength });
  });
export type KitchenRange = z.infer<typeof KitchenRangeSchema>;
