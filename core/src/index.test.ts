import { describe, expect, expectTypeOf, it } from 'vitest';
import * as core from './index';
import type {
  OrderView,
  PaymentStatusView,
  StatsView,
  UserView,
  ReviewView,
  RecipeDetailView,
} from './index';

describe('the export contract of core/README.md', () => {
  // Every value name the README lists, as the API, storefront and desktop import them.
  const values = [
    'BAKERY_INFO',
    'SEED_CATEGORY_IDS',
    'CATEGORIES',
    'getCategory',
    'MENU_ITEMS',
    'getMenuItem',
    'itemsInCategory',
    'maxQuantityOf',
    'DEFAULT_MAX_QUANTITY',
    'CAKE_FILLINGS',
    'ADD_INS',
    'defaultVariantId',
    'resolveLine',
    'PricingError',
    'TAX_RATE',
    'RUSH_FEE_CENTS',
    'CAKE_WRITING_FEE_CENTS',
    'CAKE_BOWS_FEE_CENTS',
    'formatCents',
    'centsToDollars',
    'dollarsToCents',
    'taxCents',
    'priceOrder',
    'BAKERY_TIME_ZONE',
    'MIN_LEAD_DAYS',
    'RUSH_THRESHOLD_DAYS',
    'bakeryToday',
    'addDays',
    'daysAway',
    'isRushDate',
    'earliestPickupDate',
    'isPickupDateAllowed',
    'toBakeryDate',
    'PICKUP_SLOTS',
    'DEFAULT_PICKUP_TIME',
    'formatLongDate',
    'dateRangeToUtc',
    'LoginSchema',
    'SignupSchema',
    'ForgotPasswordSchema',
    'ResetPasswordSchema',
    'AdminLoginSchema',
    'ProfileUpdateSchema',
    'ReviewSchema',
    'ContactMessageSchema',
    'OrderItemSchema',
    'OrderFormSchema',
    'orderPayloadSchema',
    'OrderSubmissionSchema',
    'DeliveryFeeSchema',
    'PaymentStatusChangeSchema',
    'FulfillmentChangeSchema',
    'IngredientSchema',
    'RecipeSchema',
    'RecipeIngredientSchema',
    'RoleChangeSchema',
    'missingOrderInformation',
    'checkOrderForSubmit',
    'PAYMENT_STATUSES',
    'ORDER_STATUSES',
    'DELIVERY_FEE_STATUSES',
    'PAYMENT_TRANSITIONS',
    'ORDER_TRANSITIONS',
    'DELIVERY_FEE_TRANSITIONS',
    'adminOrderActions',
    'checkAdminAction',
    'customerPaymentBadge',
    'adminPaymentBadge',
    'customerPaymentNotice',
    'confirmationState',
    'ROLES',
    'PERMISSIONS',
    'can',
    'isStaff',
    'ROLE_DESCRIPTIONS',
  ];
  it.each(values)('exports %s', (name) =>
    expect((core as Record<string, unknown>)[name]).toBeDefined(),
  );

  it('the wire types match docs/api.md', () => {
    expectTypeOf<keyof OrderView>().toEqualTypeOf<
      | 'id'
      | 'orderNumber'
      | 'userId'
      | 'customerName'
      | 'customerEmail'
      | 'customerPhone'
      | 'orderDate'
      | 'pickupDate'
      | 'pickupTime'
      | 'items'
      | 'subtotal'
      | 'cakeOptionsFee'
      | 'rushFee'
      | 'tax'
      | 'deliveryFee'
      | 'total'
      | 'specialInstructions'
      | 'hasCakeItems'
      | 'cakeOptions'
      | 'cakeWriting'
      | 'squarePaymentUrl'
      | 'squareOrderId'
      | 'squarePaymentId'
      | 'paymentStatus'
      | 'orderStatus'
      | 'deliveryFeeStatus'
      | 'deliveryMethod'
      | 'deliveryAddress'
      | 'deliveryCity'
      | 'deliveryState'
      | 'deliveryZip'
      | 'deliveryInstructions'
      | 'deliveryDistance'
      | 'isRushOrder'
      | 'fulfilledAt'
      | 'fulfillmentStatus'
      | 'pickupCode'
      | 'readyAt'
      | 'cancelledAt'
      | 'paidAt'
      | 'paymentMethod'
      | 'refundedAmount'
      | 'refundPending'
      | 'archivedAt'
      | 'received'
      | 'discount'
      | 'amountDue'
      | 'refundDue'
      | 'changeableUntil'
      | 'standingOrderId'
      | 'channel'
      | 'createdAt'
    >();
    expectTypeOf<keyof OrderView['items'][number]>().toEqualTypeOf<
      | 'productId'
      | 'name'
      | 'price'
      | 'quantity'
      | 'variant'
      | 'variantLabel'
      | 'filling'
      | 'addIn'
      | 'lineTotal'
      // Issue 24: a cake's own writing when the order has several.
      | 'writing'
      // Issue 26: the allergens the line was ordered with.
      | 'allergens'
      | 'allergenInfo'
    >();
    expectTypeOf<OrderView['total']>().toEqualTypeOf<number>();
    expectTypeOf<keyof PaymentStatusView>().toEqualTypeOf<
      'paymentStatus' | 'total' | 'orderId' | 'customerEmail' | 'paymentUrl'
    >();
    expectTypeOf<keyof StatsView>().toEqualTypeOf<
      | 'totalOrders'
      | 'pendingOrders'
      | 'completedOrders'
      | 'totalRevenue'
      | 'openPaymentAmount'
      | 'todayOrders'
      | 'weeklyRevenue'
      | 'dueOrders'
      | 'dueHandedOver'
    >();
    expectTypeOf<keyof UserView>().toEqualTypeOf<
      'id' | 'role' | 'email' | 'firstName' | 'lastName' | 'phone' | 'createdAt'
    >();
    expectTypeOf<keyof ReviewView>().toEqualTypeOf<
      'id' | 'rating' | 'title' | 'comment' | 'createdAt'
    >();
    expectTypeOf<RecipeDetailView>().toHaveProperty('totalCost');
    expectTypeOf<keyof RecipeDetailView['ingredients'][number]>().toEqualTypeOf<
      'id' | 'quantity' | 'notes' | 'ingredientId' | 'ingredient' | 'lineCost'
    >();
    // A database row's status strings and an OrderView both fit the lifecycle's input.
    expectTypeOf<OrderView>().toExtend<Parameters<typeof core.checkAdminAction>[0]>();
  });
});

describe("the bakery's identity", () => {
  it('is the one the team decided', () => {
    expect(core.BAKERY_INFO).toMatchObject({
      name: 'Sprinkles & Crumbs Bakery',
      city: 'Tallahassee',
      state: 'Florida',
      phone: '(850) 555-0142',
      email: 'hello@sprinklesandcrumbs.com',
      openSince: 2015,
    });
    expect(core.BAKERY_INFO.zip).toMatch(/^323\d\d$/); // a Tallahassee ZIP
    expect(core.BAKERY_INFO.website).toMatch(/^https:\/\/www\.sprinklesandcrumbs\.com$/);
    expect(core.BAKERY_INFO.tagline.toLowerCase()).toMatch(/sprinkl/);
    expect(core.BAKERY_INFO.tagline.toLowerCase()).toMatch(/community/);
    expect(core.bakeryAddressLine()).toBe('1418 Thomasville Road, Tallahassee, FL 32303');
  });
});
