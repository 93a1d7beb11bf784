// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  BakeSheetView,
  BookedDaysView,
  CapacityView,
  MarginsView,
  ProductRecipeLinkView,
} from '@bakery/core';
import { SAME_COST_EVERY_SIZE, addDays, bakeryToday } from '@bakery/core';
import { countCosts } from './testFixtures';
import { renderScreen, stubFetch, toastText } from '../test/harness';
import { KitchenTab } from './KitchenTab';
import { kitchenRangeFrom } from './shared';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DAY = '2026-12-10';
const range = { fromDate: DAY, toDate: DAY };
const Q = `?fromDate=${DAY}&toDate=${DAY}`;

const sheet: BakeSheetView = {
  fromDate: DAY,
  toDate: DAY,
  orderCount: 3,
  products: [
    {
      productId: 'blueberry-muffins',
      name: 'Blueberry Muffins',
      category: 'muffins',
      categoryLabel: 'Muffins',
      variantId: '',
      variantLabel: null,
      quantity: 4,
      units: 24,
      pieces: 24,
      pieceName: 'muffins',
      addIns: {},
      standing: 0,
      recipeName: 'Muffin batter',
      batches: 2,
    },
    {
      productId: 'lemon-cake',
      name: 'Lemon Chiffon Cake',
      category: 'cakes',
      categoryLabel: 'Cakes',
      variantId: '8in',
      variantLabel: '8 inch',
      quantity: 1,
      units: 1,
      pieces: 1,
      pieceName: 'cakes',
      addIns: {},
      standing: 0,
      recipeName: null,
      batches: null,
    },
  ],
  days: [],
  cakes: [
    {
      orderId: 'o2',
      orderNumber: 'AB12CD34',
      pickupDate: DAY,
      pickupTime: '10:00 AM',
      customerName: 'Blake Rivers',
      name: 'Lemon Chiffon Cake',
      size: '8 inch',
      filling: 'Fruit preserves',
      quantity: 1,
      writing: true,
      writingText: 'Happy 40th Sam',
      bows: false,
      specialInstructions: 'Write "Happy 40th Sam"',
    },
  ],
  instructions: [
    {
      orderId: 'o1',
      orderNumber: 'EF56GH78',
      pickupDate: DAY,
      pickupTime: '9:00 AM',
      customerName: 'Avery Stone',
      text: 'Nut-free box please',
    },
  ],
  recipes: [{ recipeId: 'r1', name: 'Muffin batter', batches: 2 }],
  shoppingList: [
    { ingredientId: 'i1', name: 'Flour', unit: 'lb', quantity: 6.25, costPerUnit: 2, cost: 12.5 },
    { ingredientId: 'i2', name: 'Eggs', unit: 'each', quantity: 11, costPerUnit: 0.25, cost: 2.75 },
  ],
  shoppingListCost: 15.25,
  unlinked: [
    {
      productId: 'lemon-cake',
      variantId: '8in',
      name: 'Lemon Chiffon Cake',
      variantLabel: '8 inch',
      quantity: 1,
    },
  ],
};

const capacity: CapacityView = {
  limits: [
    {
      category: 'cookies',
      label: 'Cookies',
      unit: 'cookies',
      maxUnits: 120,
      defaultUnits: 120,
      isDefault: true,
    },
    {
      category: 'cakes',
      label: 'Cakes',
      unit: 'cakes',
      maxUnits: 4,
      defaultUnits: 4,
      isDefault: true,
    },
  ],
  closedDates: [{ date: '2026-12-25', reason: 'Christmas' }],
};

const cell = (category: string, label: string, booked: number, limit: number) => ({
  category: category as 'cakes',
  label,
  unit: label.toLowerCase(),
  booked,
  limit,
  full: booked >= limit,
  over: booked > limit,
});
const bookedDays: BookedDaysView = {
  fromDate: '2026-12-24',
  toDate: '2026-12-25',
  days: [
    {
      date: '2026-12-24',
      closed: false,
      closedReason: null,
      categories: [cell('cookies', 'Cookies', 36, 120), cell('cakes', 'Cakes', 4, 4)],
    },
    {
      date: '2026-12-25',
      closed: true,
      closedReason: 'Christmas',
      categories: [
        { ...cell('cookies', 'Cookies', 0, 120), full: true },
        { ...cell('cakes', 'Cakes', 1, 4), full: true },
      ],
    },
  ],
};

const margins: MarginsView = {
  fromDate: DAY,
  toDate: DAY,
  items: [
    {
      productId: 'blueberry-muffins',
      variantId: '',
      name: 'Blueberry Muffins',
      variantLabel: null,
      category: 'muffins',
      categoryLabel: 'Muffins',
      price: 25,
      cost: 6.25,
      margin: 18.75,
      marginPercent: 75,
      recipeName: 'Muffin batter',
      costWarning: null,
    },
    {
      productId: 'lemon-cake',
      variantId: '8in',
      name: 'Lemon Chiffon Cake',
      variantLabel: '8 inch',
      category: 'cakes',
      categoryLabel: 'Cakes',
      price: 60,
      cost: null,
      margin: null,
      marginPercent: null,
      recipeName: null,
      costWarning: null,
    },
    {
      productId: 'chocolate-cake',
      variantId: '10in',
      name: 'Chocolate Cake',
      variantLabel: '10 inch',
      category: 'cakes',
      categoryLabel: 'Cakes',
      price: 75,
      cost: 12,
      margin: 63,
      marginPercent: 84,
      recipeName: 'Sponge',
      costWarning: SAME_COST_EVERY_SIZE,
    },
  ],
  byCategory: [
    {
      category: 'muffins',
      label: 'Muffins',
      revenue: 100,
      cost: 25,
      margin: 75,
      marginPercent: 75,
      uncostedRevenue: 0,
      quantity: 4,
    },
    {
      category: 'cakes',
      label: 'Cakes',
      revenue: 0,
      cost: 0,
      margin: 0,
      marginPercent: null,
      uncostedRevenue: 60,
      quantity: 1,
    },
    {
      category: 'breads',
      label: 'Breads',
      revenue: 0,
      cost: 0,
      margin: 0,
      marginPercent: null,
      uncostedRevenue: 0,
      quantity: 0,
    },
  ],
  missing: [
    {
      productId: 'lemon-cake',
      variantId: '8in',
      name: 'Lemon Chiffon Cake',
      variantLabel: '8 inch',
      categoryLabel: 'Cakes',
    },
  ],
};

const link: ProductRecipeLinkView = {
  id: 'l1',
  productId: 'sugar-cookies',
  variantId: '24-count',
  productName: 'Sprinkle Sugar Cookies',
  variantLabel: '24 count',
  recipeId: '6f1c2a4e-8d7b-4c3a-9e2f-1a2b3c4d5e6f',
  recipeName: 'Cookie dough',
  recipeYield: 24,
  unitsPerItem: 24,
  costPerItem: 5,
  variants: countCosts(1.25, [24]),
};

const allCounts: ProductRecipeLinkView = {
  ...link,
  id: 'l2',
  variantId: '',
  variantLabel: null,
  unitsPerItem: 6,
  costPerItem: 1.25,
  variants: countCosts(1.25, [6, 12]),
};

describe('Kitchen tab', () => {
  it('starts on the dashboard range, or today when it is open', () => {
    expect(kitchenRangeFrom({ fromDate: '2026-12-01', toDate: null })).toEqual({
      fromDate: '2026-12-01',
      toDate: '2026-12-01',
    });
    expect(kitchenRangeFrom({ fromDate: null, toDate: null }, '2026-11-22')).toEqual({
      fromDate: '2026-11-22',
      toDate: '2026-11-22',
    });
  });

  it('shows the bake sheet: items, cakes with details, instructions and the costed shopping list', async () => {
    stubFetch({ [`GET /api/admin/kitchen/bake-sheet${Q}`]: () => [200, sheet] });
    renderScreen(<KitchenTab range={range} role="admin" />);
    const items = await screen.findByRole('table', { name: 'Items to bake' });
    expect(within(items).getByRole('row', { name: /Blueberry Muffins/ })).toHaveTextContent(
      '2 × Muffin batter',
    );
    expect(within(items).getByRole('row', { name: /Lemon Chiffon Cake/ })).toHaveTextContent(
      'No recipe linked',
    );

    const cake = within(screen.getByRole('table', { name: 'Cakes' })).getByRole('row', {
      name: /Blake Rivers/,
    });
    expect(cake).toHaveTextContent('8 inch');
    expect(cake).toHaveTextContent('Fruit preserves');
    expect(cake).toHaveTextContent('Write "Happy 40th Sam"');
    expect(within(cake).getByRole('cell', { name: '“Happy 40th Sam”' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Special instructions' })).toHaveTextContent(
      'Nut-free box please',
    );

    const list = screen.getByRole('table', { name: 'Shopping list' });
    expect(within(list).getByRole('row', { name: /Flour/ })).toHaveTextContent(
      '6.25lb$2.0000$12.50',
    );
    expect(screen.getByTestId('shopping-total')).toHaveTextContent('$15.25');
    expect(screen.getByText('Not in the shopping list (no recipe linked)')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Bake sheet for December 10, 2026' }),
    ).toBeInTheDocument();
  });

  it('prints and exports the sheet for the chosen range', async () => {
    const calls = stubFetch({
      [`GET /api/admin/kitchen/bake-sheet${Q}`]: () => [200, sheet],
      [`GET /api/admin/kitchen/bake-sheet?fromDate=${DAY}&toDate=2026-12-11`]: () => [
        200,
        { ...sheet, toDate: '2026-12-11', orderCount: 5 },
      ],
      [`GET /api/admin/exports/bake-sheet.xlsx?fromDate=${DAY}&toDate=2026-12-11`]: () => [
        200,
        'xlsx-bytes',
      ],
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    URL.createObjectURL = vi.fn(() => 'blob:sheet');
    URL.revokeObjectURL = vi.fn();
    renderScreen(<KitchenTab range={range} role="admin" />);
    await screen.findByRole('table', { name: 'Items to bake' });

    fireEvent.change(screen.getByLabelText('to'), { target: { value: '2026-12-11' } });
    await screen.findByText('5 orders (cancelled orders left out)');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(toastText()).toContain('Bake sheet downloaded'));
    expect(calls.map((c) => c.path)).toContain(
      `/api/admin/exports/bake-sheet.xlsx?fromDate=${DAY}&toDate=2026-12-11`,
    );
  });

  it('lets the owner change a daily limit and close a date', async () => {
    const calls = stubFetch({
      [`GET /api/admin/kitchen/bake-sheet${Q}`]: () => [200, sheet],
      'GET /api/admin/kitchen/capacity': () => [200, capacity],
      'PUT /api/admin/kitchen/capacity': () => [200, capacity],
      'POST /api/admin/kitchen/closed-dates': (call) => [
        201,
        { ...(call.body as object), bookedOrders: 2 },
      ],
      'DELETE /api/admin/kitchen/closed-dates/2026-12-25': () => [200, { success: true }],
    });
    renderScreen(<KitchenTab range={range} role="owner" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Capacity' }));
    const cakes = await screen.findByLabelText('Cakes');
    fireEvent.change(cakes, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        limits: [
          { category: 'cookies', maxUnits: 120 },
          { category: 'cakes', maxUnits: 6 },
        ],
      }),
    );

    fireEvent.change(cakes, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a whole number of units from 0 to 10,000',
    );

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-31' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'New Year' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close date' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        date: '2026-12-31',
        reason: 'New Year',
      }),
    );
    await waitFor(() =>
      expect(toastText()).toContain(
        '2 orders are already booked for December 31, 2026. Closing does not cancel them: contact those customers.',
      ),
    );

    expect(screen.getByRole('list', { name: 'Closed dates' })).toHaveTextContent(
      'December 25, 2026 — Christmas',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reopen December 25, 2026' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('shows each coming day booked against the limit, closed days and full categories', async () => {
    stubFetch({
      [`GET /api/admin/kitchen/bake-sheet${Q}`]: () => [200, sheet],
      'GET /api/admin/kitchen/capacity': () => [200, capacity],
      'GET /api/admin/kitchen/capacity/days': () => [200, bookedDays],
    });
    renderScreen(<KitchenTab range={range} role="admin" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Capacity' }));
    const table = await screen.findByRole('table', { name: 'Booked per day: the next 14 days' });
    const christmasEve = within(table).getByRole('row', { name: /Today, Thu, Dec 24/ });
    expect(within(christmasEve).getByLabelText('Cookies 36 / 120')).toHaveTextContent('36 / 120');
    expect(within(christmasEve).getByLabelText('Cakes 4 / 4, full')).toHaveTextContent('4 / 4Full');
    const christmas = within(table).getByRole('row', { name: /Fri, Dec 25/ });
    expect(christmas).toHaveTextContent('Closed: Christmas');
    // A closed day says so once, not "Full" in every category.
    expect(within(christmas).getByLabelText('Cakes 1 / 4')).toHaveTextContent('1 / 4');
    expect(within(christmas).queryByText('Full')).toBeNull();
  });

  it("shows the drops of a day beside its limits, in the Drops tab's figures (issue 37)", async () => {
    const drop = {
      id: 'd1',
      name: 'Christmas Eve Cinnamon Roll Drop',
      opensAt: '2026-12-20T14:00:00.000Z',
      closesAt: '2026-12-23T14:00:00.000Z',
      state: 'closed',
      pickupDates: ['2026-12-24'],
      windowIds: [],
      announce: true,
      units: [
        {
          id: 'u1',
          label: 'Cinnamon rolls (box of 6)',
          productIds: ['cinnamon-rolls'],
          quantity: 34,
          left: 16,
          sold: 18,
          held: 0,
        },
      ],
      holders: 0,
    };
    stubFetch({
      [`GET /api/admin/kitchen/bake-sheet${Q}`]: () => [200, sheet],
      'GET /api/admin/kitchen/capacity': () => [200, capacity],
      'GET /api/admin/kitchen/capacity/days': () => [200, bookedDays],
      'GET /api/admin/drops': () => [200, { drops: [drop], holdMinutes: 10 }],
    });
    renderScreen(<KitchenTab range={range} role="admin" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Capacity' }));
    const table = await screen.findByRole('table', { name: 'Booked per day: the next 14 days' });
    const christmasEve = within(table).getByRole('row', { name: /Today, Thu, Dec 24/ });
    await waitFor(() =>
      expect(christmasEve).toHaveTextContent(
        'Christmas Eve Cinnamon Roll DropCinnamon rolls (box of 6): 18 / 34 sold, 16 left',
      ),
    );
    const christmas = within(table).getByRole('row', { name: /Fri, Dec 25/ });
    expect(christmas).not.toHaveTextContent('Cinnamon');
  });

  it('shows staff the limits read-only', async () => {
    stubFetch({
      [`GET /api/admin/kitchen/bake-sheet${Q}`]: () => [200, sheet],
      'GET /api/admin/kitchen/capacity': () => [200, capacity],
    });
    renderScreen(<KitchenTab range={range} role="admin" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Capacity' }));
    expect(await screen.findByLabelText('Cakes')).toBeDisabled();
    expect(screen.getByText('Only the owner can change the limits.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save limits' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close date' })).toBeNull();
  });

  it('shows margins per item and category and the items still without a recipe', async () => {
    stubFetch({
      [`GET /api/admin/kitchen/bake-sheet${Q}`]: () => [200, sheet],
      [`GET /api/admin/kitchen/margins${Q}`]: () => [200, margins],
    });
    renderScreen(<KitchenTab range={range} role="admin" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Margins' }));
    const perItem = await screen.findByRole('table', { name: 'Cost of goods per item' });
    expect(within(perItem).getByRole('row', { name: /Blueberry Muffins/ })).toHaveTextContent(
      '$25.00$6.25$18.7575.0%',
    );
    expect(within(perItem).queryByText('Lemon Chiffon Cake')).toBeNull();
    // A cost an all-options link cannot tell apart by size says so beside the figure.
    const tenInch = within(perItem).getByRole('row', { name: /Chocolate Cake/ });
    expect(within(tenInch).getAllByRole('cell')[4]).toHaveTextContent(
      `$12.00${SAME_COST_EVERY_SIZE}`,
    );
    expect(within(perItem).getByRole('row', { name: /Blueberry Muffins/ })).not.toHaveTextContent(
      'Same cost',
    );
    expect(screen.getByRole('status')).toHaveTextContent('The margins marked below may be wrong.');
    const byCategory = screen.getByRole('table', { name: 'Margin by category' });
    expect(within(byCategory).getAllByRole('row')).toHaveLength(3); // header, muffins, cakes (breads sold nothing)
    expect(within(byCategory).getByRole('row', { name: /Cakes/ })).toHaveTextContent('$60.00');
    expect(screen.getByRole('img', { name: 'Margin by category chart' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Items without a linked recipe' })).toHaveTextContent(
      'Lemon Chiffon Cake (8 inch)',
    );
    // The list starts collapsed under its count.
    expect(
      screen.getByText('Items without a linked recipe (1)').closest('details'),
    ).not.toHaveAttribute('open');
  });

  it('says how to cost an item when none is linked yet', async () => {
    stubFetch({
      [`GET /api/admin/kitchen/bake-sheet${Q}`]: () => [200, sheet],
      [`GET /api/admin/kitchen/margins${Q}`]: () => [
        200,
        { ...margins, items: margins.items.map((i) => ({ ...i, cost: null })) },
      ],
    });
    renderScreen(<KitchenTab range={range} role="admin" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Margins' }));
    expect(await screen.findByText('No item is costed yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Link a recipe to a menu item under Recipe Links to see its cost and margin.',
      ),
    ).toBeInTheDocument();
  });

  it('opens the margins on the last 30 days and the next 14 when no range is set', async () => {
    const today = bakeryToday();
    const calls = stubFetch({
      [`GET /api/admin/kitchen/bake-sheet?fromDate=${today}&toDate=${today}`]: () => [200, sheet],
      'GET /api/admin/kitchen/margins': () => [200, margins],
    });
    renderScreen(<KitchenTab range={{ fromDate: null, toDate: null }} role="admin" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Margins' }));
    await screen.findByRole('table', { name: 'Cost of goods per item' });
    expect(calls.map((c) => c.path)).toContain(
      `/api/admin/kitchen/margins?fromDate=${addDays(today, -30)}&toDate=${addDays(today, 13)}`,
    );
  });

  it('links a menu item option to a recipe, suggesting what one item holds', async () => {
    const calls = stubFetch({
      [`GET /api/admin/kitchen/bake-sheet${Q}`]: () => [200, sheet],
      'GET /api/admin/kitchen/links': () => [200, [link, allCounts]],
      'GET /api/admin/recipes': () => [200, [{ id: link.recipeId, name: 'Cookie dough' }]],
      'PUT /api/admin/kitchen/links': () => [200, link],
    });
    renderScreen(<KitchenTab range={range} role="admin" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Recipe Links' }));
    const linked = await screen.findByRole('table', { name: 'Linked items' });
    expect(
      within(linked).getByRole('row', { name: /Sprinkle Sugar Cookies \(24 count\)/ }),
    ).toHaveTextContent('$5.00');
    // An all-options link is costed per option by its count.
    expect(
      screen.getByRole('list', { name: 'Cost per option of Sprinkle Sugar Cookies (all options)' }),
    ).toHaveTextContent('6 count: $1.2512 count: $2.50');

    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a menu item');

    fireEvent.change(screen.getByLabelText('Menu item'), { target: { value: 'sugar-cookies' } });
    fireEvent.change(screen.getByLabelText('Option'), { target: { value: '12-count' } });
    expect(screen.getByLabelText('One ordered item holds (pieces)')).toHaveValue('12');
    await screen.findByRole('option', { name: 'Cookie dough' });
    fireEvent.change(screen.getByLabelText('Recipe'), { target: { value: link.recipeId } });
    fireEvent.change(screen.getByLabelText('One batch makes (pieces)'), {
      target: { value: '24' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        productId: 'sugar-cookies',
        variantId: '12-count',
        recipeId: link.recipeId,
        recipeYield: 24,
        unitsPerItem: 12,
      }),
    );
  });
});
