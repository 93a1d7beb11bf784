// Staff forms and payloads (spec section 5, "Admin forms"; section 7).
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../lifecycle/lifecycle';
import { ROLES } from '../roles/roles';
import { numberish, optionalText, requiredText } from './common';
import { isWholeCents } from '../money/money';
import { IngredientAllergenFields, treeNutsNamed } from '../kitchen/allergenSchemas';

export const DELIVERY_FEE_MESSAGE = 'Please enter a valid delivery fee amount';

/** PATCH /api/admin/orders/{id}/delivery-fee, in dollars. */
export const DeliveryFeeSchema = z.object({
  deliveryFee: numberish(DELIVERY_FEE_MESSAGE).pipe(
    z
      .number()
      .min(0, DELIVERY_FEE_MESSAGE)
      .max(200, 'Delivery fee cannot exceed $200')
      .refine(isWholeCents, DELIVERY_FEE_MESSAGE),
  ),
  deliveryDistance: z
    .preprocess(
      (value) => (value === '' ? null : typeof value === 'string' ? Number(value) : value),
      z
        .number({ error: 'Please enter a valid distance' })
        .refine(Number.isFinite, 'Please enter a valid distance')
        .pipe(
          z
            .number()
            .min(0, 'Delivery distance cannot be negative')
            .max(100, 'Delivery distance cannot exceed 100 miles'),
        )
        .nullish(),
    )
    .transform((v) => v ?? null),
});
export type DeliveryFee = z.infer<typeof DeliveryFeeSchema>;

/** PATCH /api/admin/orders/{id}/status: a payment status. */
export const PaymentStatusChangeSchema = z.object({
  status: z.enum(PAYMENT_STATUSES, {
    error: `Status must be one of: ${PAYMENT_STATUSES.join(', ')}`,
  }),
});
export type PaymentStatusChange = z.infer<typeof PaymentStatusChangeSchema>;

/** PATCH /api/admin/orders/{id}/fulfillment. */
export const FulfillmentChangeSchema = z.object({
  orderStatus: z.enum(ORDER_STATUSES, {
    error: "Order status must be 'in progress' or 'complete'",
  }),
});
export type FulfillmentChange = z.infer<typeof FulfillmentChangeSchema>;

export const IngredientSchema = z
  .object({
    name: requiredText(100, 'Name is required', 'Name cannot exceed 100 characters'),
    unit: requiredText(30, 'Unit is required', 'Unit cannot exceed 30 characters'),
    costPerUnit: numberish('Cost per unit is required').pipe(
      z
        .number()
        .min(0, 'Cost per unit cannot be negative')
        .max(99_999_999, 'Cost per unit is too large'),
    ),
    category: optionalText(50, 'Category cannot exceed 50 characters'),
    supplier: optionalText(100, 'Supplier cannot exceed 100 characters'),
    notes: optionalText(2000, 'Notes cannot exceed 2000 characters'),
    // Issue 26: its allergens, gluten, label name and grams per unit (none by default).
    ...IngredientAllergenFields,
  })
  .superRefine(treeNutsNamed);
export type Ingredient = z.infer<typeof IngredientSchema>;

export const RECIPE_CATEGORIES = ['breads', 'pastries', 'desserts', 'custom'] as const;
export type RecipeCategory = (typeof RECIPE_CATEGORIES)[number];

/** Serving size and times are free text ('12 cupcakes', '20 min'); a number is kept as text. */
const freeText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    optionalText(max, `${label} cannot exceed ${max} characters`),
  );

export const RecipeSchema = z.object({
  name: requiredText(100, 'Recipe name is required', 'Recipe name cannot exceed 100 characters'),
  description: optionalText(2000, 'Description cannot exceed 2000 characters'),
  category: z.enum(RECIPE_CATEGORIES, {
    error: `Category must be one of: ${RECIPE_CATEGORIES.join(', ')}`,
  }),
  servingSize: freeText(50, 'Serving size'),
  prepTime: freeText(50, 'Prep time'),
  bakeTime: freeText(50, 'Bake time'),
  instructions: optionalText(10_000, 'Instructions cannot exceed 10000 characters'),
  notes: optionalText(2000, 'Notes cannot exceed 2000 characters'),
  isActive: z.boolean().default(true),
});
export type Recipe = z.infer<typeof RecipeSchema>;

export const RecipeIngredientSchema = z.object({
  ingredientId: z
    .string({ error: 'Ingredient is required' })
    .trim()
    .min(1, 'Ingredient is required'),
  quantity: numberish('Quantity is required').pipe(
    z.number().gt(0, 'Quantity must be greater than 0').max(99_999_999, 'Quantity is too large'),
  ),
  notes: optionalText(500, 'Notes cannot exceed 500 characters'),
});
export type RecipeIngredient = z.infer<typeof RecipeIngredientSchema>;

export const RoleChangeSchema = z.object({
  role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` }),
});
export type RoleChange = z.infer<typeof RoleChangeSchema>;
