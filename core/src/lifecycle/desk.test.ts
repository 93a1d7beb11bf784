import { describe, expect, it } from 'vitest';
import { itemsInCategory } from '../catalogue/catalogue';
import {
  cakeOptionNames,
  cakeWritingCell,
  DeskQuerySchema,
  dueLabel,
  dueMinutes,
  dueRange,
  historyToShow,
  historyWords,
  itemsSummary,
  lineDescription,
  normaliseSearch,
  pickListHeading,
  pickListOrder,
  variantLabelOf,
} from './desk';

const line = {
  productId: 'vanilla-cake',
  name: 'Vanilla Cake',
  price: 40,
  quantity: 1,
  variant: '8in',
  variantLabel: '8in',
  filling: 'cream-cheese-buttercream',
  addIn: null,
  lineTotal: 40,
};

describe('due dates and times', () => {
  it('sorts times as times: 8:00 AM before 10:00 AM before 12:30 PM', () => {
    expect(['10:00 AM', '12:30 PM', '8:00 AM', '9:30 AM'].map(dueMinutes)).toEqual([
      600, 750, 480, 570,
    ]);
    expect(dueMinutes('12:00 AM')).toBe(0);
    expect(dueMinutes('soon')).toBeNull();
  });

  it('presets cover today, tomorrow, this week and coming days', () => {
    expect(dueRange('today', '2026-11-23')).toEqual({ dueFrom: '2026-11-23', dueTo: '2026-11-23' });
    expect(dueRange('tomorrow', '2026-11-30')).toEqual({
      dueFrom: '2026-12-01',
      dueTo: '2026-12-01',
    });
    expect(dueRange('week', '2026-11-23')).toEqual({ dueFrom: '2026-11-23', dueTo: '2026-11-29' });
    expect(dueRange('upcoming', '2026-11-23').dueTo).toBe('2026-12-06');
    expect(dueRange('date', '2026-11-23', '2026-12-24').dueFrom).toBe('2026-12-24');
    expect(dueRange('all', '2026-11-23')).toEqual({ dueFrom: null, dueTo: null });
  });

  it('labels the due date and time', () =>
    expect(dueLabel({ pickupDate: '2026-11-24', pickupTime: '8:00 AM' })).toBe(
      'Tue, Nov 24 · 8:00 AM',
    ));

  it('pick list: by time, then name', () =>
    expect(
      pickListOrder([
        { pickupTime: '10:00 AM', customerName: 'B' },
        { pickupTime: '8:00 AM', customerName: 'Z' },
        { pickupTime: '10:00 AM', customerName: 'A' },
      ]).map((o) => o.customerName),
    ).toEqual(['Z', 'A', 'B']));

  it('heads a pick list with the weekday', () =>
    expect(pickListHeading('2026-11-24')).toBe('Tuesday, November 24, 2026'));
});

describe('words for an order', () => {
  it('shows fillings and add-ins by their catalogue labels', () => {
    expect(lineDescription(line)).toBe(
      'Vanilla Cake (8in), filling: Cream cheese buttercream (dairy-free)',
    );
    expect(
      lineDescription({
        ...line,
        variant: null,
        variantLabel: null,
        filling: null,
        addIn: 'pecans',
      }),
    ).toBe('Vanilla Cake, add-in: Pecans');
    expect(lineDescription({ ...line, variantLabel: null, filling: null, addIn: 'pecans' })).toBe(
      'Vanilla Cake (8in), add-in: Pecans',
    );
    // Issue 23: the grid's items show the size or count too.
    expect(
      itemsSummary([
        line,
        { ...line, quantity: 2, name: 'Cookies', variant: null, variantLabel: null },
      ]),
    ).toBe(`1 × Vanilla Cake (${lineDescription(line).match(/\((.+?)\)/)![1]}), 2 × Cookies`);
  });

  it('names a size or count by its catalogue label when the line stored only its id', () => {
    const cake = itemsInCategory('cakes')[0]!;
    expect(variantLabelOf({ productId: cake.id, variant: '8in', variantLabel: null })).toBe(
      '8 inch',
    );
    expect(
      lineDescription({ ...line, productId: cake.id, name: cake.name, variantLabel: null }),
    ).toBe(`${cake.name} (8 inch), filling: Cream cheese buttercream (dairy-free)`);
    expect(variantLabelOf({ productId: 'gone', variant: 'odd-size', variantLabel: null })).toBe(
      'odd-size',
    );
    expect(variantLabelOf({ productId: 'vanilla-cake', variant: null, variantLabel: null })).toBe(
      null,
    );
  });

  it('names the cake options with the writing text', () =>
    expect(
      cakeOptionNames({
        cakeOptions: { hasWriting: true, hasBows: true },
        cakeWriting: 'Happy 5th',
      }),
    ).toEqual(['Writing: “Happy 5th”', 'Bows']));

  it('gives the bake sheet the words to write on a cake', () => {
    expect(cakeWritingCell({ writing: true, writingText: 'Happy 40th Sam' })).toBe(
      '“Happy 40th Sam”',
    );
    expect(cakeWritingCell({ writing: true, writingText: null })).toBe('Yes');
    expect(cakeWritingCell({ writing: false, writingText: null })).toBe('No');
  });

  it('tells history in words', () => {
    expect(historyWords({ field: 'paymentStatus', from: 'pending', to: 'paid' })).toBe(
      'Payment: Pending → Paid',
    );
    expect(historyWords({ field: 'deliveryFee', from: '0.00', to: '7.5' })).toBe(
      'Delivery fee: $0.00 → $7.50',
    );
    // Through core's formatter: a large total is grouped as everywhere else.
    expect(historyWords({ field: 'total', from: '980.00', to: '1234.5' })).toBe(
      'Total: $980.00 → $1,234.50',
    );
    expect(historyWords({ field: 'fulfilledAt', from: null, to: '2026-11-23T15:00:00Z' })).toBe(
      'Marked fulfilled',
    );
  });
});

describe('the desk query', () => {
  it('defaults to due order, 100 rows', () =>
    expect(DeskQuerySchema.parse({})).toMatchObject({ sort: 'due', dir: 'asc', limit: 100 }));
  it('refuses more than 200 rows and a reversed range', () => {
    expect(DeskQuerySchema.safeParse({ limit: '5000' }).success).toBe(false);
    expect(DeskQuerySchema.safeParse({ dueFrom: '2026-11-24', dueTo: '2026-11-23' }).success).toBe(
      false,
    );
  });
  it('searches a typed phone number by its digits', () => {
    expect(normaliseSearch('(850) 555-1234')).toBe('8505551234');
    expect(normaliseSearch('  Chocolate ')).toBe('chocolate');
  });
});

describe('historyToShow (issue 38)', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 17, 0, seconds)).toISOString();
  const row = (field: string, actorEmail: string, seconds: number) => ({
    id: `${field}-${seconds}`,
    at: at(seconds),
    actorEmail,
    field,
    from: '08:00',
    to: '10:30',
  });

  it("leaves out the raw rows of a customer's change, keeping its sentence and staff rows", () => {
    const entries = [
      row('pickupTime', 'maria@example.com', 0),
      row('total', 'maria@example.com', 0),
      row('customerChange', 'maria@example.com', 0),
      row('refundDue', 'maria@example.com', 0),
      row('paymentStatus', 'staff@bakery.test', 1),
      row('pickupTime', 'maria@example.com', 60),
    ];
    expect(historyToShow(entries).map((e) => e.id)).toEqual([
      'customerChange-0',
      'refundDue-0',
      'paymentStatus-1',
      'pickupTime-60',
    ]);
  });
});
