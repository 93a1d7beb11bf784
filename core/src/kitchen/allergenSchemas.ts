// Payloads of the allergen and label calls (issue 26, docs/kitchen.md): an
// ingredient's allergen fields, what a filling or add-in puts in an item, an
// item's exception to the shop's promise, its net weight, the label settings
// and the label request.
import { z } from 'zod';
import { optionalNote, wholeNumberIn, requiredText } from '../schemas/common';
import { ADD_INS, CAKE_FILLINGS, getMenuItem, VARIANT_ID_PATTERN } from '../catalogue/catalogue';
import { isDateString } from '../calendar/calendar';
import { ALLERGEN_IDS, GLUTEN_KINDS, type AllergenId } from './allergens';

export const ALLERGEN_MESSAGES = {
  allergen: `Choose allergens among: ${ALLERGEN_IDS.join(', ')}`,
  treeNut: 'Name the tree nut, e.g. Almonds or Pecans (at most 40 characters each)',
  treeNutMissing: 'Name the tree nuts this ingredient holds (e.g. Almonds, Pecans)',
  gluten: `Gluten must be one of: ${GLUTEN_KINDS.join(', ')}`,
  labelName: 'The label name cannot exceed 500 characters',
  gramsPerUnit: 'Enter the grams in one unit (more than 0, at most 100,000)',
  option: 'Choose a filling or add-in of the menu',
  ingredient: 'Choose an ingredient',
  quantity: 'Enter the quantity per piece in the ingredient’s unit (more than 0)',
  product: 'Choose a menu item',
  wording: 'Write the wording customers read instead of the promise (5 to 300 characters)',
  netGrams: 'Enter the net weight in grams (more than 0, at most 100,000)',
  variant: 'Choose one of the options of this menu item, or none for all of them',
  date: 'Enter a date as YYYY-MM-DD',
  format: 'Choose a label format: avery5163 or thermal',
  labelTarget: 'Give either a date or a menu item',
  labelVariant: 'Choose a size or count of this menu item',
  labelFilling: `Choose a filling among: ${CAKE_FILLINGS.map((f) => f.id).join(', ')}`,
  labelAddIn: `Choose an add-in among: ${ADD_INS.map((a) => a.id).join(', ')}`,
  labelOptionOfItem: 'This menu item does not take that option',
} as const;

const allergenList = z
  .array(
    z.enum(ALLERGEN_IDS as [AllergenId, ...AllergenId[]], { error: ALLERGEN_MESSAGES.allergen }),
  )
  .max(ALLERGEN_IDS.length, ALLERGEN_MESSAGES.allergen)
  .transform((ids) => ALLERGEN_IDS.filter((id) => ids.includes(id)));

const positive = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: message })
      .refine((v) => Number.isFinite(v) && v > 0 && v <= 100_000, message),
  );

/** The allergen fields of POST/PUT /api/admin/ingredients; all optional (none by default). */
export const IngredientAllergenFields = {
  allergens: allergenList.default([]),
  treeNuts: z
    .array(requiredText(40, ALLERGEN_MESSAGES.treeNut, ALLERGEN_MESSAGES.treeNut))
    .max(12, ALLERGEN_MESSAGES.treeNut)
    .default([]),
  mayContain: allergenList.default([]),
  gluten: z.enum(GLUTEN_KINDS, { error: ALLERGEN_MESSAGES.gluten }).default('none'),
  labelName: optionalNote(500, ALLERGEN_MESSAGES.labelName),
  gramsPerUnit: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    positive(ALLERGEN_MESSAGES.gramsPerUnit).nullable(),
  ),
};

/** Tree nuts must be named (FALCPA): refined on the whole ingredient. */
export function treeNutsNamed(
  value: { allergens: readonly AllergenId[]; treeNuts: readonly string[] },
  ctx: z.RefinementCtx,
) {
  if (value.allergens.includes('tree-nuts') && value.treeNuts.length === 0)
    ctx.addIssue({ code: 'custom', path: ['treeNuts'], message: ALLERGEN_MESSAGES.treeNutMissing });
}

export const OPTION_KINDS = ['filling', 'addIn'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** The fillings and add-ins of the menu, by kind. */
export const optionsOfKind = (kind: OptionKind) => (kind === 'filling' ? CAKE_FILLINGS : ADD_INS);

/** PUT /api/admin/allergens/options: what one filling or add-in puts in a piece. */
export const OptionIngredientsSchema = z
  .object({
    kind: z.enum(OPTION_KINDS, { error: ALLERGEN_MESSAGES.option }),
    optionId: z.string({ error: ALLERGEN_MESSAGES.option }).trim().min(1, ALLERGEN_MESSAGES.option),
    ingredients: z
      .array(
        z.object({
          ingredientId: z.uuid({ error: ALLERGEN_MESSAGES.ingredient }),
          quantity: positive(ALLERGEN_MESSAGES.quantity),
        }),
      )
      .max(20, 'At most 20 ingredients per option'),
  })
  .superRefine((value, ctx) => {
    if (!optionsOfKind(value.kind).some((o) => o.id === value.optionId))
      ctx.addIssue({ code: 'custom', path: ['optionId'], message: ALLERGEN_MESSAGES.option });
  });
export type OptionIngredientsInput = z.infer<typeof OptionIngredientsSchema>;

const productId = z
  .string({ error: ALLERGEN_MESSAGES.product })
  .trim()
  .refine((id) => Boolean(getMenuItem(id)), ALLERGEN_MESSAGES.product);

/** PUT /api/admin/allergens/exceptions: an item sold outside the promise, with its own wording. */
export const ClaimExceptionSchema = z.object({
  productId,
  wording: requiredText(300, ALLERGEN_MESSAGES.wording, ALLERGEN_MESSAGES.wording, 5),
});
export type ClaimExceptionInput = z.infer<typeof ClaimExceptionSchema>;

/** PUT /api/admin/allergens/net-weights: the owner's net weight of one item (and variant). */
export const NetWeightSchema = z
  .object({
    productId,
    variantId: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v ?? ''),
    grams: positive(ALLERGEN_MESSAGES.netGrams),
  })
  .superRefine((value, ctx) => {
    const item = getMenuItem(value.productId);
    if (item && value.variantId !== '' && !item.variants?.some((v) => v.id === value.variantId))
      ctx.addIssue({ code: 'custom', path: ['variantId'], message: ALLERGEN_MESSAGES.variant });
  });
export type NetWeightInput = z.infer<typeof NetWeightSchema>;

/** PUT /api/admin/allergens/label-settings. */
export const LabelSettingsSchema = z.object({
  cottageFoodStatement: z.boolean({ error: 'Say whether labels print the cottage-food statement' }),
});

/** The Florida cottage-food statement (Florida Statutes 500.80), word for word. */
export const COTTAGE_FOOD_STATEMENT =
  "Made in a cottage food operation that is not subject to Florida's food safety regulations";

export const LABEL_FORMATS = ['avery5163', 'thermal'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** GET /api/admin/labels?date=YYYY-MM-DD|productId=…&variantId&addIn&filling&count&format. */
export const LabelQuerySchema = z
  .object({
    date: z
      .string({ error: ALLERGEN_MESSAGES.date })
      .trim()
      .refine(isDateString, ALLERGEN_MESSAGES.date)
      .optional(),
    productId: productId.optional(),
    // Checked against the catalogue (issue 39 finding 8): an id's shape, then the item's options.
    variantId: z
      .string({ error: ALLERGEN_MESSAGES.labelVariant })
      .trim()
      .max(24, ALLERGEN_MESSAGES.labelVariant)
      .regex(VARIANT_ID_PATTERN, ALLERGEN_MESSAGES.labelVariant)
      .optional(),
    filling: z
      .enum(CAKE_FILLINGS.map((f) => f.id) as [string, ...string[]], {
        error: ALLERGEN_MESSAGES.labelFilling,
      })
      .optional(),
    addIn: z
      .enum(ADD_INS.map((a) => a.id) as [string, ...string[]], {
        error: ALLERGEN_MESSAGES.labelAddIn,
      })
      .optional(),
    count: wholeNumberIn(1, 100, 'Enter how many labels, 1 to 100').default(1),
    format: z.enum(LABEL_FORMATS, { error: ALLERGEN_MESSAGES.format }).default('avery5163'),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.date) === Boolean(value.productId))
      ctx.addIssue({ code: 'custom', path: ['date'], message: ALLERGEN_MESSAGES.labelTarget });
    const item = value.productId ? getMenuItem(value.productId) : undefined;
    if (!item) return;
    if (value.variantId && !item.variants?.some((v) => v.id === value.variantId))
      ctx.addIssue({
        code: 'custom',
        path: ['variantId'],
        message: ALLERGEN_MESSAGES.labelVariant,
      });
    if (value.filling && !item.fillings)
      ctx.addIssue({
        code: 'custom',
        path: ['filling'],
        message: ALLERGEN_MESSAGES.labelOptionOfItem,
      });
    if (value.addIn && !item.addIns)
      ctx.addIssue({
        code: 'custom',
        path: ['addIn'],
        message: ALLERGEN_MESSAGES.labelOptionOfItem,
      });
  });
export type LabelQuery = z.infer<typeof LabelQuerySchema>;
