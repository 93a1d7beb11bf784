import { describe, expect, it } from 'vitest';
import { addDays, bakeryToday } from '../calendar/calendar';
import { centsToDollars, priceOrder } from '../money/money';
import { MENU_ITEMS, type CartLine } from '../catalogue/catalogue';
import { isPersonName } from './common';
import {
  buildOrderPayload,
  cakeLineKey,
  ORDER_MESSAGES,
  checkOrderForSubmit,
  missingOrderInformation,
  orderRefusal,
  OrderFormSchema,
  orderFormSchema,
  OrderItemSchema,
  orderPayloadSchema,
  OrderSubmissionSchema,
  orderSubmissionSchema,
} from './order';
import { messageAt, messagesOf } from './testing';

const today = '2026-11-22';

describe('order form (client)', () => {
  const schema = orderFormSchema(today);
  const form = {
    customerName: "Mary-Jo O'Neil",
    customerEmail: 'Mary@Example.com',
    customerPhone: '(850) 555-0100',
    pickupDate: addDays(today, 10),
    pickupTime: '10:00 AM',
    deliveryMethod: 'pickup',
  };

  it('accepts a complete pickup form and lowercases the email', () => {
    const parsed = schema.parse(form);
    expect(parsed).toMatchObject({
      customerEmail: 'mary@example.com',
      pickupDate: '2026-12-02',
      deliveryMethod: 'pickup',
    });
  });

  it('defaults to pickup at 10:00 AM', () => {
    const { pickupTime: _t, deliveryMethod: _d, ...rest } = form;
    expect(schema.parse(rest)).toMatchObject({ pickupTime: '10:00 AM', deliveryMethod: 'pickup' });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ customerName: 'A' }, 'customerName', 'Customer name must be at least 2 characters'],
    [
      { customerName: 'x'.repeat(101) },
      'customerName',
      'Customer name cannot exceed 100 characters',
    ],
    [
      { customerName: 'R2-D2' },
      'customerName',
      'Customer name can only contain letters, spaces, hyphens, apostrophes, and periods',
    ],
    [
      { customerName: 'Ann <script>' },
      'customerName',
      'Customer name can only contain letters, spaces, hyphens, apostrophes, and periods',
    ],
    [{ customerEmail: 'mary@' }, 'customerEmail', 'Please enter a valid email address'],
    [
      { customerEmail: `${'m'.repeat(250)}@example.com` },
      'customerEmail',
      'Email cannot exceed 255 characters',
    ],
    [{ customerPhone: '555-0100' }, 'customerPhone', 'Phone number must be at least 10 digits'],
    [{ pickupDate: '' }, 'pickupDate', 'Please select a pickup date'],
    [{ pickupDate: undefined }, 'pickupDate', 'Please select a pickup date'],
    [
      { pickupDate: addDays(today, 2) },
      'pickupDate',
      'Pickup date must be at least 3 days in advance',
    ],
    [{ pickupDate: today }, 'pickupDate', 'Pickup date must be at least 3 days in advance'],
    [{ pickupTime: '7:30 AM' }, 'pickupTime', 'Please select a valid pickup time'],
    [{ pickupTime: '7:00 PM' }, 'pickupTime', 'Please select a valid pickup time'],
    [{ pickupTime: '10:15 AM' }, 'pickupTime', 'Please select a valid pickup time'],
    [{ deliveryMethod: 'drone' }, 'deliveryMethod', 'Please select pickup or delivery'],
    [
      {
        deliveryMethod: 'delivery',
        deliveryAddress: '1 Main St',
        deliveryCity: 'Tallahassee',
        deliveryState: 'FL',
      },
      'deliveryAddress',
      'Address fields are required for delivery orders',
    ],
    [
      { deliveryInstructions: 'x'.repeat(301) },
      'deliveryInstructions',
      'Delivery instructions cannot exceed 300 characters',
    ],
    [
      { specialInstructions: 'x'.repeat(501) },
      'specialInstructions',
      'Special instructions cannot exceed 500 characters',
    ],
  ])('%o: %s "%s"', (over, path, message) =>
    expect(messageAt(schema, { ...form, ...over }, path)).toBe(message),
  );

  it.each(['José Núñez', 'Zoë Ann', 'D’Angelo Smith', 'Jo'])(
    'accepts the name %s',
    (customerName) => expect(messagesOf(schema, { ...form, customerName })).toEqual([]),
  );

  it('accepts exactly 3 days ahead, and a full delivery address', () => {
    expect(messagesOf(schema, { ...form, pickupDate: addDays(today, 3) })).toEqual([]);
    expect(
      messagesOf(schema, {
        ...form,
        deliveryMethod: 'delivery',
        deliveryAddress: '1 Main St',
        deliveryCity: 'Tallahassee',
        deliveryState: 'FL',
        deliveryZip: '32303',
      }),
    ).toEqual([]);
  });

  it('OrderFormSchema counts from the bakery’s today when it runs', () => {
    const now = bakeryToday();
    expect(messageAt(OrderFormSchema, { ...form, pickupDate: addDays(now, 2) }, 'pickupDate')).toBe(
      'Pickup date must be at least 3 days in advance',
    );
    expect(messagesOf(OrderFormSchema, { ...form, pickupDate: addDays(now, 3) })).toEqual([]);
  });
});

describe("the 'Missing information:' checklist", () => {
  const empty = {
    items: [],
    customerPhone: '',
    deliveryMethod: 'delivery',
    pickupDate: '',
    pickupTime: '',
    deliveryAddress: '',
    deliveryCity: '',
    deliveryState: '',
    deliveryZip: '',
  };

  it('lists every missing line in the spec’s order, each with its field', () =>
    expect(missingOrderInformation(empty)).toEqual([
      { field: 'items', message: 'Select at least one item to order' },
      { field: 'customerPhone', message: 'Enter your phone number' },
      { field: 'pickupDate', message: 'Select a pickup date' },
      { field: 'pickupTime', message: 'Select a pickup time' },
      { field: 'deliveryAddress', message: 'Enter delivery address' },
      { field: 'deliveryCity', message: 'Enter delivery city' },
      { field: 'deliveryState', message: 'Select delivery state' },
      { field: 'deliveryZip', message: 'Enter delivery ZIP code' },
    ]));

  it('asks for no address on a pickup order', () =>
    expect(
      missingOrderInformation({ ...empty, deliveryMethod: 'pickup' }).map((m) => m.field),
    ).toEqual(['items', 'customerPhone', 'pickupDate', 'pickupTime']));

  it('is empty once everything is filled in', () =>
    expect(
      missingOrderInformation({
        items: [{ productId: 'banana-bread', quantity: 1 }],
        customerPhone: '8505550100',
        deliveryMethod: 'delivery',
        pickupDate: '2026-12-01',
        pickupTime: '10:00 AM',
        deliveryAddress: '1 Main St',
        deliveryCity: 'Tallahassee',
        deliveryState: 'FL',
        deliveryZip: '32303',
      }),
    ).toEqual([]));

  it('treats blanks as missing', () =>
    expect(
      missingOrderInformation({
        items: [1],
        customerPhone: '   ',
        pickupDate: '2026-12-01',
        pickupTime: '10:00 AM',
      }),
    ).toEqual([{ field: 'customerPhone', message: 'Enter your phone number' }]));
});

describe("the client's pre-submit checks", () => {
  const opts = { pickupDate: addDays(today, 10), hasWriting: false, hasBows: false };
  const check = (lines: CartLine[]) => checkOrderForSubmit(priceOrder(lines, opts, today), lines);

  it('passes an ordinary order', () =>
    expect(check([{ productId: 'banana-bread', quantity: 2 }])).toEqual({ ok: true }));

  it('refuses an empty order', () =>
    expect(check([])).toEqual({ ok: false, message: 'Select at least one item to order' }));

  it('refuses more than 20 different items', () => {
    const lines = [
      'classic-sandwich-loaf',
      'honey-oat-bread',
      'seeded-multigrain-loaf',
      'rosemary-olive-oil-boule',
      'cinnamon-raisin-swirl',
      'banana-bread',
      'pumpkin-spice-loaf',
      'zucchini-bread',
      'lemon-poppy-seed-loaf',
      'cornbread',
      'focaccia',
      'dinner-rolls',
      'cinnamon-rolls',
      'coffee-cake',
      'blueberry-muffins',
      'banana-nut-muffins',
      'chocolate-chip-muffins',
      'lemon-blueberry-muffins',
      'pumpkin-muffins',
      'apple-cinnamon-muffins',
      'double-chocolate-muffins',
    ].map((productId) => ({ productId, quantity: 1 }));
    expect(check(lines.slice(0, 20))).toEqual({ ok: true });
    expect(check(lines)).toEqual({
      ok: false,
      message: 'Cannot exceed 20 different items per order',
    });
  });

  it('refuses a quantity above 50', () => {
    const lines = [{ productId: 'classic-oat-bars', quantity: 51 }];
    expect(check(lines)).toEqual({
      ok: false,
      message: 'Item quantities must be between 1 and 50',
    });
    expect(check([{ productId: 'classic-oat-bars', quantity: 50 }])).toEqual({ ok: true });
  });

  it('refuses a total above $11,000', () => {
    const priced = priceOrder([{ productId: 'banana-bread', quantity: 1 }], opts, today);
    expect(
      checkOrderForSubmit({ ...priced, totalCents: 1_100_001 }, [
        { productId: 'banana-bread', quantity: 1 },
      ]),
    ).toEqual({
      ok: false,
      message: 'Order total cannot exceed $11,000',
    });
  });

  it('refuses a zero subtotal and an inconsistent rush fee', () => {
    const lines = [{ productId: 'banana-bread', quantity: 1 }];
    const priced = priceOrder(lines, opts, today);
    expect(checkOrderForSubmit({ ...priced, subtotalCents: 0 }, lines)).toEqual({
      ok: false,
      message: 'Order subtotal must be greater than $0',
    });
    expect(checkOrderForSubmit({ ...priced, isRushOrder: true }, lines)).toEqual({
      ok: false,
      message: 'Rush fee calculation error detected',
    });
    expect(checkOrderForSubmit({ ...priced, rushFeeCents: 1000 }, lines)).toEqual({
      ok: false,
      message: 'Rush fee calculation error detected',
    });
  });
});

describe('order payload (server)', () => {
  const schema = orderPayloadSchema(today);

  /** A payload as the storefront builds it, priced by core. */
  function payload(lines: CartLine[], pickupDate: string, over: Record<string, unknown> = {}) {
    const priced = priceOrder(lines, { pickupDate, hasWriting: false, hasBows: false }, today);
    return {
      customerName: 'Ann Lee',
      customerEmail: 'Ann@Example.com',
      customerPhone: '850-555-0100',
      userId: 'u1',
      items: priced.lines.map((l) => ({
        productId: l.productId,
        name: l.name,
        price: centsToDollars(l.unitPriceCents),
        quantity: l.quantity,
        variant: l.variantId ?? null,
      })),
      subtotal: centsToDollars(priced.subtotalCents),
      cakeOptionsFee: centsToDollars(priced.cakeOptionsFeeCents),
      rushFee: centsToDollars(priced.rushFeeCents),
      tax: centsToDollars(priced.taxCents),
      total: centsToDollars(priced.totalCents),
      isRushOrder: priced.isRushOrder,
      hasCakeItems: priced.hasCakeItems,
      cakeOptions: null,
      pickupDate: `${pickupDate}T05:00:00.000Z`,
      pickupTime: '10:00 AM',
      deliveryMethod: 'pickup',
      deliveryFeeStatus: 'not_applicable',
      specialInstructions: '',
      ...over,
    };
  }
  const bread = [{ productId: 'banana-bread', quantity: 2 }];
  const ok = payload(bread, addDays(today, 10));
  const rush = payload(bread, addDays(today, 4));

  it('accepts a priced order, normalising email, date and blanks', () => {
    const parsed = schema.parse(ok);
    expect(parsed).toMatchObject({
      customerEmail: 'ann@example.com',
      pickupDate: '2026-12-02',
      specialInstructions: null,
      subtotal: 40,
      tax: 3.5,
      total: 43.5,
    });
    expect(parsed.items[0]).toEqual({
      productId: 'banana-bread',
      name: 'Banana Bread',
      price: 20,
      quantity: 2,
      variant: null,
      filling: null,
      addIn: null,
    });
  });

  it('accepts a rush order with its $10 fee', () => expect(messagesOf(schema, rush)).toEqual([]));

  it.each<[string, number, string | null]>([
    ['yesterday', -1, 'Pickup date must be at least tomorrow'],
    ['today', 0, 'Pickup date must be at least tomorrow'],
    ['tomorrow', 1, 'Pickup date must be at least 3 days in advance'],
    ['the day after', 2, 'Pickup date must be at least 3 days in advance'],
    ['3 days away', 3, null],
  ])('pickup %s: %s', (_label, days, message) => {
    const p = payload(bread, addDays(today, days));
    expect(messageAt(schema, p, 'pickupDate')).toBe(message ?? undefined);
  });

  it('applies both lead-time rules across a daylight-saving change', () => {
    const s = orderPayloadSchema('2026-03-07');
    const at = (date: string) =>
      messageAt(
        s,
        { ...payload(bread, date), rushFee: 10, isRushOrder: true, tax: 4.38, total: 54.38 },
        'pickupDate',
      );
    expect(at('2026-03-08')).toBe('Pickup date must be at least 3 days in advance');
    expect(at('2026-03-10')).toBeUndefined();
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a short name',
      { customerName: 'A' },
      'customerName',
      'Customer name must be at least 2 characters',
    ],
    [
      'digits in the name',
      { customerName: 'Ann 2' },
      'customerName',
      'Customer name can only contain letters, spaces, hyphens, apostrophes, and periods',
    ],
    [
      'a bad email',
      { customerEmail: 'ann' },
      'customerEmail',
      'Please enter a valid email address',
    ],
    [
      'a short phone',
      { customerPhone: '12345' },
      'customerPhone',
      'Phone number must be at least 10 digits',
    ],
    [
      'a long phone',
      { customerPhone: '1234567890123456' },
      'customerPhone',
      'Phone number cannot exceed 15 digits',
    ],
    [
      'a lettered phone',
      { customerPhone: '850-CAKE-NOW' },
      'customerPhone',
      'Please enter a valid phone number',
    ],
    ['a missing time', { pickupTime: '' }, 'pickupTime', 'Invalid pickup time format'],
    ['a quarter hour', { pickupTime: '10:15 AM' }, 'pickupTime', 'Invalid pickup time format'],
    ['7:30 AM', { pickupTime: '7:30 AM' }, 'pickupTime', 'Invalid pickup time format'],
    ['1:00 AM', { pickupTime: '1:00 AM' }, 'pickupTime', 'Invalid pickup time format'],
    ['7:00 PM', { pickupTime: '7:00 PM' }, 'pickupTime', 'Invalid pickup time format'],
    ['24-hour time', { pickupTime: '14:00' }, 'pickupTime', 'Invalid pickup time format'],
    ['no items', { items: [] }, 'items', 'Select at least one item to order'],
    [
      'a quantity of 51',
      { items: [{ productId: 'banana-bread', name: 'Banana Bread', price: 20, quantity: 51 }] },
      'items.0.quantity',
      'Quantity cannot exceed 50 per item',
    ],
    [
      'a fractional quantity',
      { items: [{ productId: 'banana-bread', name: 'Banana Bread', price: 20, quantity: 1.5 }] },
      'items.0.quantity',
      'Quantity must be a whole number',
    ],
    [
      'a free item',
      { items: [{ productId: 'banana-bread', name: 'Banana Bread', price: 0, quantity: 1 }] },
      'items.0.price',
      'Item price must be at least $0.01',
    ],
    ['a subtotal of 0', { subtotal: 0 }, 'subtotal', 'Subtotal must be at least $0.01'],
    [
      'a subtotal over $10,000',
      { subtotal: 10_000.01 },
      'subtotal',
      'Subtotal cannot exceed $10,000',
    ],
    ['a fraction of a cent', { subtotal: 40.005 }, 'subtotal', 'Subtotal must be in whole cents'],
    [
      'cake options over $50',
      { cakeOptionsFee: 55 },
      'cakeOptionsFee',
      'Cake options fee cannot exceed $50',
    ],
    ['a rush fee over $500', { rushFee: 501 }, 'rushFee', 'Rush fee cannot exceed $500'],
    ['tax over $1,000', { tax: 1000.01 }, 'tax', 'Tax cannot exceed $1,000'],
    ['a negative tax', { tax: -1 }, 'tax', 'Tax cannot be negative'],
    ['a total over $11,000', { total: 11_000.01 }, 'total', 'Order total cannot exceed $11,000'],
    [
      'a drone delivery',
      { deliveryMethod: 'drone' },
      'deliveryMethod',
      'Please select pickup or delivery',
    ],
    [
      'long delivery instructions',
      { deliveryInstructions: 'x'.repeat(301) },
      'deliveryInstructions',
      'Delivery instructions cannot exceed 300 characters',
    ],
    [
      'long special instructions',
      { specialInstructions: 'x'.repeat(501) },
      'specialInstructions',
      'Special instructions cannot exceed 500 characters',
    ],
    [
      'a long address',
      { deliveryAddress: 'x'.repeat(201) },
      'deliveryAddress',
      'Delivery address cannot exceed 200 characters',
    ],
    [
      'a delivery fee over $200',
      { deliveryFee: 200.01 },
      'deliveryFee',
      'Delivery fee cannot exceed $200',
    ],
    [
      'a distance over 100 miles',
      { deliveryDistance: 101 },
      'deliveryDistance',
      'Delivery distance cannot exceed 100 miles',
    ],
  ])('refuses %s', (_label, over, path, message) =>
    expect(messageAt(schema, { ...ok, ...over }, path)).toBe(message),
  );

  it('refuses more than 20 items', () => {
    const items = Array.from({ length: 21 }, () => ({
      productId: 'banana-bread',
      name: 'Banana Bread',
      price: 20,
      quantity: 1,
    }));
    expect(messageAt(schema, { ...ok, items }, 'items')).toBe(
      'Cannot exceed 20 different items per order',
    );
  });

  it('checks the total within a cent', () => {
    const mismatch = 'Total amount does not match subtotal + cake options fee + rush fee + tax';
    expect(messageAt(schema, { ...ok, total: 43.51 }, 'total')).toBeUndefined();
    expect(messageAt(schema, { ...ok, total: 43.49 }, 'total')).toBeUndefined();
    expect(messageAt(schema, { ...ok, total: 43.52 }, 'total')).toBe(mismatch);
    expect(messageAt(schema, { ...ok, total: 40 }, 'total')).toBe(mismatch);
  });

  it('requires the rush fee to follow the pickup date, not the client’s flag', () => {
    const invalid =
      'Invalid rush fee: must be $0 for 7+ day advance orders, or $10 for orders less than 7 days in advance';
    // 10 days away with a $10 fee
    expect(
      messageAt(
        schema,
        { ...ok, rushFee: 10, isRushOrder: true, tax: 4.38, total: 54.38 },
        'rushFee',
      ),
    ).toBe(invalid);
    // 4 days away without a fee and not flagged: the shape of a drop order
    // (issue 37); the server reprices it from the day's drops and refuses
    // figures that disagree.
    expect(
      messageAt(
        schema,
        { ...rush, rushFee: 0, isRushOrder: false, tax: 3.5, total: 43.5 },
        'rushFee',
      ),
    ).toBeUndefined();
    // 4 days away without a fee but flagged as a rush order
    expect(
      messageAt(
        schema,
        { ...rush, rushFee: 0, isRushOrder: true, tax: 3.5, total: 43.5 },
        'rushFee',
      ),
    ).toBe(invalid);
    // 4 days away, fee present but flag off
    expect(messageAt(schema, { ...rush, isRushOrder: false }, 'rushFee')).toBe(invalid);
    // 6 days is rush, 7 is not
    expect(messagesOf(schema, payload(bread, addDays(today, 6)))).toEqual([]);
    expect(payload(bread, addDays(today, 6)).rushFee).toBe(10);
    expect(messagesOf(schema, payload(bread, addDays(today, 7)))).toEqual([]);
    expect(payload(bread, addDays(today, 7)).rushFee).toBe(0);
  });

  describe('delivery address', () => {
    const complete = 'Complete address (street, city, state, ZIP) is required for delivery orders';
    const delivery = {
      deliveryMethod: 'delivery',
      deliveryFeeStatus: 'pending',
      deliveryAddress: '1418 Thomasville Rd',
      deliveryCity: 'Tallahassee',
      deliveryState: 'FL',
      deliveryZip: '32303',
    };
    it.each(['32303', '32303-1234'])('accepts the ZIP %s', (deliveryZip) =>
      expect(messagesOf(schema, { ...ok, ...delivery, deliveryZip })).toEqual([]),
    );
    it.each<[Record<string, unknown>]>([
      [{ deliveryAddress: '' }],
      [{ deliveryCity: ' ' }],
      [{ deliveryState: 'F' }],
      [{ deliveryState: null }],
    ])('refuses %o', (over) =>
      expect(messageAt(schema, { ...ok, ...delivery, ...over }, 'deliveryAddress')).toBe(complete),
    );
    it.each(['3230', '32303-12', 'ABCDE'])('refuses the ZIP %s with its own message', (zip) =>
      expect(messageAt(schema, { ...ok, ...delivery, deliveryZip: zip }, 'deliveryZip')).toBe(
        'Please enter a 5-digit ZIP code',
      ),
    );
    it('asks nothing of a pickup order', () =>
      expect(messagesOf(schema, { ...ok, deliveryAddress: '', deliveryZip: '' })).toEqual([]));
  });

  it('OrderItemSchema keeps variant, filling and add-in', () =>
    expect(
      OrderItemSchema.parse({
        productId: 'red-velvet-cake',
        name: 'Red Velvet Cake',
        price: 60,
        quantity: 1,
        variant: '8in',
        filling: 'fruit-preserves',
        addIn: '',
      }),
    ).toEqual({
      productId: 'red-velvet-cake',
      name: 'Red Velvet Cake',
      price: 60,
      quantity: 1,
      variant: '8in',
      filling: 'fruit-preserves',
      addIn: null,
    }));

  it('the submission wraps the payload as orderData', () => {
    expect(orderSubmissionSchema(today).parse({ orderData: ok }).orderData.total).toBe(43.5);
    expect(
      messageAt(
        orderSubmissionSchema(today),
        { orderData: { ...ok, customerName: 'A' } },
        'orderData.customerName',
      ),
    ).toBe('Customer name must be at least 2 characters');
    expect(OrderSubmissionSchema.safeParse({}).success).toBe(false);
  });
});

describe('malformed input is refused, never thrown', () => {
  const garbage: unknown[] = [
    null,
    undefined,
    'order',
    42,
    [],
    {},
    { pickupDate: 'soon', subtotal: 'lots', total: null, rushFee: 'ten', items: 'bread' },
    { pickupDate: '2026-02-30', tax: Number.NaN, total: Number.POSITIVE_INFINITY },
    { pickupDate: 20261201, deliveryMethod: 'delivery', deliveryZip: 32303 },
  ];
  const schemas = {
    form: orderFormSchema(today),
    payload: orderPayloadSchema(today),
    submission: OrderSubmissionSchema,
  };
  for (const [name, schema] of Object.entries(schemas))
    it.each(garbage.map((g) => [JSON.stringify(g) ?? 'undefined', g] as const))(
      `${name}: %s`,
      (_label, input) => {
        const result = schema.safeParse(input);
        expect(result.success).toBe(false);
        expect(result.error?.issues.length).toBeGreaterThan(0);
      },
    );

  it('the checklist copes with a form that has no fields', () =>
    expect(missingOrderInformation({ items: [] }).map((m) => m.field)).toEqual([
      'items',
      'customerPhone',
      'pickupDate',
      'pickupTime',
    ]));
});

describe('issue 14: names, ZIP, states, slots, cake writing, the payload builder', () => {
  const today = '2026-11-23';
  const account = { id: null, firstName: 'Jane', lastName: 'Smith Jr.', email: 'Jane@Example.com' };
  const priced = priceOrder(
    [{ productId: 'lemon-poppy-seed-loaf', quantity: 2 }],
    { pickupDate: '2026-12-11', hasWriting: false, hasBows: false },
    today,
  );
  const form = {
    customerPhone: '850-555-0100',
    deliveryMethod: 'pickup' as const,
    pickupDate: '2026-12-11',
    pickupTime: '6:30 PM',
    specialInstructions: 'x'.repeat(500),
  };

  it.each(['Smith Jr.', "O'Neil", 'José María', 'Zoë Ångström'])('accepts the name %s', (name) => {
    expect(isPersonName(name)).toBe(true);
  });
  it.each(['R2D2', '...', 'Bob <script>'])('refuses the name %s', (name) => {
    expect(isPersonName(name)).toBe(false);
  });

  it('builds a payload the server accepts, with "Smith Jr." and the last slot (6:30 PM)', () => {
    const payload = buildOrderPayload(priced, form, account);
    const parsed = orderPayloadSchema(today).safeParse(payload);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.customerName).toBe('Jane Smith Jr.');
    expect(parsed.data?.cakeWriting).toBeNull();
  });

  it('keeps cake writing apart from 500 characters of instructions', () => {
    const cakePriced = priceOrder(
      [{ productId: MENU_ITEMS.find((i) => i.fillings)!.id, quantity: 1 }],
      { pickupDate: '2026-12-11', hasWriting: true, hasBows: false },
      today,
    );
    const payload = buildOrderPayload(
      cakePriced,
      { ...form, hasWriting: true, cakeWriting: 'Happy Birthday Ana' },
      account,
    );
    const parsed = orderPayloadSchema(today).safeParse(payload);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.cakeWriting).toBe('Happy Birthday Ana');
    expect(parsed.data?.specialInstructions).toHaveLength(500);
  });

  it('gives each of several cakes its own writing, and a bread none (issue 24)', () => {
    const cake = MENU_ITEMS.find((i) => i.fillings)!;
    const lines: CartLine[] = [
      { productId: 'heart-shaped-cake', quantity: 1, variantId: 'vanilla' },
      { productId: cake.id, quantity: 1 },
      { productId: 'lemon-poppy-seed-loaf', quantity: 1 },
    ];
    const several = priceOrder(
      lines,
      { pickupDate: '2026-12-11', hasWriting: true, hasBows: false },
      today,
    );
    const lineWriting = {
      [cakeLineKey(several.lines[0]!)]: ' Love you ',
      [cakeLineKey(several.lines[1]!)]: 'Happy 40th',
      [cakeLineKey(several.lines[2]!)]: 'not on bread',
    };
    const payload = buildOrderPayload(
      several,
      { ...form, hasWriting: true, cakeWriting: 'Love you', lineWriting },
      account,
    );
    const parsed = orderPayloadSchema(today).parse(payload);
    expect(parsed.items.map((i) => i.writing)).toEqual(['Love you', 'Happy 40th', undefined]);
    // Without "Add writing" no line keeps any.
    const none = buildOrderPayload(several, { ...form, hasWriting: false, lineWriting }, account);
    expect(none.items.some((i) => 'writing' in i)).toBe(false);
  });

  it('lets an account named under an older rule order when the name comes from the account', () => {
    const payload = buildOrderPayload(priced, form, { ...account, lastName: 'Smith 3rd' });
    expect(orderPayloadSchema(today).safeParse(payload).success).toBe(false);
    expect(orderPayloadSchema(today, { nameFromAccount: true }).safeParse(payload).success).toBe(
      true,
    );
  });

  it('gives a 4-digit ZIP and a state not delivered to their own messages', () => {
    const delivery = {
      ...form,
      deliveryMethod: 'delivery' as const,
      deliveryAddress: '1 Main St',
      deliveryCity: 'Tallahassee',
      deliveryState: 'FL',
      deliveryZip: '3230',
    };
    const messages = (f: typeof delivery) =>
      orderPayloadSchema(today)
        .safeParse(buildOrderPayload(priced, f, account))
        .error?.issues.map((i) => i.message);
    expect(messages(delivery)).toEqual([ORDER_MESSAGES.deliveryZip]);
    expect(messages({ ...delivery, deliveryZip: '32301', deliveryState: 'IL' })).toEqual([
      ORDER_MESSAGES.deliveryState,
    ]);
    expect(messages({ ...delivery, deliveryZip: '32301' })).toBeUndefined();
  });

  it('refuses a time outside the opening hours', () => {
    const payload = buildOrderPayload(priced, { ...form, pickupTime: '7:00 PM' }, account);
    expect(orderPayloadSchema(today).safeParse(payload).error?.issues[0]?.message).toBe(
      ORDER_MESSAGES.pickupTimeFormat,
    );
  });
});

describe('the rules beyond the schema (issue 24)', () => {
  const delivery = (deliveryState: string, deliveryZip: string) => ({
    deliveryMethod: 'delivery',
    deliveryState,
    deliveryZip,
  });

  it('asks for the writing when "Add writing" is ticked for a cake', () => {
    const base = { items: [1], customerPhone: '8505550100', pickupDate: '2026-12-12' };
    const form = { ...base, pickupTime: '10:00 AM', hasCakeItems: true, hasWriting: true };
    expect(missingOrderInformation({ ...form, cakeWriting: ' ' })).toEqual([
      { field: 'cakeWriting', message: 'Enter the writing for your cake' },
    ]);
    expect(missingOrderInformation({ ...form, cakeWriting: 'Happy 8th' })).toEqual([]);
    expect(missingOrderInformation({ ...form, hasCakeItems: false, cakeWriting: '' })).toEqual([]);
    expect(orderRefusal({ hasCakeItems: true, cakeOptions: { hasWriting: true } })).toMatchObject({
      code: 'cake_writing_required',
      message: 'Enter the writing for your cake',
    });
  });

  it('keeps deliveries to the ZIP codes around Tallahassee, FL', () => {
    expect(orderRefusal(delivery('FL', '90210'))).toMatchObject({
      field: 'deliveryZip',
      code: 'outside_delivery_area',
    });
    expect(orderRefusal(delivery('FL', '32099'))?.code).toBe('outside_delivery_area');
    for (const zip of ['32303', '32301-1234', '32312', '32327', '32333'])
      expect(orderRefusal(delivery('FL', zip))).toBeNull();
    // A pickup, or a ZIP the schema already refuses, is not judged here.
    expect(orderRefusal({ ...delivery('FL', '90210'), deliveryMethod: 'pickup' })).toBeNull();
    expect(orderRefusal(delivery('FL', '9021'))).toBeNull();
  });
});
