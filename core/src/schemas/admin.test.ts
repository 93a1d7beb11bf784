import { describe, expect, it } from 'vitest';
import {
  DeliveryFeeSchema,
  FulfillmentChangeSchema,
  IngredientSchema,
  PaymentStatusChangeSchema,
  RecipeIngredientSchema,
  RecipeSchema,
  RoleChangeSchema,
} from './admin';
import { messagesOf } from './testing';

describe('delivery fee', () => {
  it.each([
    [
      { deliveryFee: 7.5, deliveryDistance: 8 },
      { deliveryFee: 7.5, deliveryDistance: 8 },
    ],
    [
      { deliveryFee: '12.50', deliveryDistance: '' },
      { deliveryFee: 12.5, deliveryDistance: null },
    ],
    [{ deliveryFee: 0 }, { deliveryFee: 0, deliveryDistance: null }],
    [
      { deliveryFee: 200, deliveryDistance: 100 },
      { deliveryFee: 200, deliveryDistance: 100 },
    ],
  ])('accepts %o', (input, output) => expect(DeliveryFeeSchema.parse(input)).toEqual(output));

  it.each([
    [{ deliveryFee: -1 }, 'Please enter a valid delivery fee amount'],
    [{ deliveryFee: 'abc' }, 'Please enter a valid delivery fee amount'],
    [{ deliveryFee: '' }, 'Please enter a valid delivery fee amount'],
    [{}, 'Please enter a valid delivery fee amount'],
    [{ deliveryFee: 1.234 }, 'Please enter a valid delivery fee amount'],
    [{ deliveryFee: 200.01 }, 'Delivery fee cannot exceed $200'],
    [{ deliveryFee: 5, deliveryDistance: 101 }, 'Delivery distance cannot exceed 100 miles'],
    [{ deliveryFee: 5, deliveryDistance: -2 }, 'Delivery distance cannot be negative'],
    [{ deliveryFee: 5, deliveryDistance: 'far' }, 'Please enter a valid distance'],
  ])('%o -> "%s"', (input, message) =>
    expect(messagesOf(DeliveryFeeSchema, input)).toEqual([message]),
  );
});

describe('status changes', () => {
  it.each(['pending', 'paid', 'completed', 'cancelled'])(
    'payment status %s is accepted',
    (status) => expect(PaymentStatusChangeSchema.parse({ status })).toEqual({ status }),
  );
  it('an unknown payment status is refused', () =>
    expect(messagesOf(PaymentStatusChangeSchema, { status: 'refunded' })).toEqual([
      'Status must be one of: pending, paid, completed, cancelled',
    ]));
  it('order status is in progress or complete', () => {
    expect(FulfillmentChangeSchema.parse({ orderStatus: 'in progress' })).toEqual({
      orderStatus: 'in progress',
    });
    expect(messagesOf(FulfillmentChangeSchema, { orderStatus: 'done' })).toEqual([
      "Order status must be 'in progress' or 'complete'",
    ]);
  });
  it('role is customer, admin or owner', () => {
    expect(RoleChangeSchema.parse({ role: 'admin' })).toEqual({ role: 'admin' });
    expect(messagesOf(RoleChangeSchema, { role: 'root' })).toEqual([
      'Role must be one of: customer, admin, owner',
    ]);
  });
});

describe('ingredient', () => {
  const flour = { name: 'Brown rice flour', unit: 'lb', costPerUnit: 2.35 };
  it('needs name, unit and cost per unit; the rest is optional', () =>
    expect(IngredientSchema.parse({ ...flour, costPerUnit: '2.3512', supplier: '' })).toEqual({
      ...flour,
      costPerUnit: 2.3512,
      category: null,
      supplier: null,
      notes: null,
      // Issue 26: no allergens unless given.
      allergens: [],
      treeNuts: [],
      mayContain: [],
      gluten: 'none',
      labelName: null,
      gramsPerUnit: null,
    }));
  it('keeps allergens in their order and asks for the tree nut by name', () => {
    expect(
      IngredientSchema.parse({ ...flour, allergens: ['tree-nuts', 'eggs'], treeNuts: ['Pecans'] }),
    ).toMatchObject({ allergens: ['eggs', 'tree-nuts'], treeNuts: ['Pecans'] });
    expect(messagesOf(IngredientSchema, { ...flour, allergens: ['tree-nuts'] })).toEqual([
      'Name the tree nuts this ingredient holds (e.g. Almonds, Pecans)',
    ]);
    expect(messagesOf(IngredientSchema, { ...flour, gramsPerUnit: 0 })).toEqual([
      'Enter the grams in one unit (more than 0, at most 100,000)',
    ]);
  });
  it.each([
    [{ name: '' }, 'Name is required'],
    [{ unit: ' ' }, 'Unit is required'],
    [{ costPerUnit: '' }, 'Cost per unit is required'],
    [{ costPerUnit: undefined }, 'Cost per unit is required'],
    [{ costPerUnit: -0.5 }, 'Cost per unit cannot be negative'],
  ])('%o -> "%s"', (over, message) =>
    expect(messagesOf(IngredientSchema, { ...flour, ...over })).toEqual([message]),
  );
});

describe('recipe', () => {
  const recipe = { name: 'Banana Bread', category: 'breads' };
  it('needs a name and one of the four categories; times are free text', () => {
    expect(
      RecipeSchema.parse({ ...recipe, prepTime: 20, bakeTime: '55 min', servingSize: '' }),
    ).toEqual({
      ...recipe,
      description: null,
      servingSize: null,
      prepTime: '20',
      bakeTime: '55 min',
      instructions: null,
      notes: null,
      isActive: true,
    });
    for (const category of ['breads', 'pastries', 'desserts', 'custom'])
      expect(messagesOf(RecipeSchema, { ...recipe, category })).toEqual([]);
  });
  it.each([
    [{ name: '' }, 'Recipe name is required'],
    [{ category: 'cakes' }, 'Category must be one of: breads, pastries, desserts, custom'],
    [{ category: undefined }, 'Category must be one of: breads, pastries, desserts, custom'],
  ])('%o -> "%s"', (over, message) =>
    expect(messagesOf(RecipeSchema, { ...recipe, ...over })).toEqual([message]),
  );
});

describe('recipe ingredient', () => {
  it('takes an ingredient and a positive quantity', () =>
    expect(RecipeIngredientSchema.parse({ ingredientId: 'i1', quantity: '0.5' })).toEqual({
      ingredientId: 'i1',
      quantity: 0.5,
      notes: null,
    }));
  it.each([
    [{ ingredientId: '', quantity: 1 }, 'Ingredient is required'],
    [{ ingredientId: 'i1', quantity: 0 }, 'Quantity must be greater than 0'],
    [{ ingredientId: 'i1', quantity: Number.NaN }, 'Quantity is required'],
  ])('%o -> "%s"', (input, message) =>
    expect(messagesOf(RecipeIngredientSchema, input)).toEqual([message]),
  );
});
