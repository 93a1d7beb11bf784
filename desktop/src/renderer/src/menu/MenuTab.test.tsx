// @vitest-environment jsdom
// The Menu tab's item editor (issue 22): the owner's price is checked before
// it is sent (whole cents, above $0.00) and the 375 px card follows it; an
// admin may only mark the item sold out.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEED_CATALOGUE, type MenuChange } from '@bakery/core';
import { renderScreen, stubFetch } from '../test/harness';
import { ItemEditor } from './ItemEditor';
import { VersionHistory } from './VersionHistory';
import { dollarsToCentsStrict, emptyNewItem, newItemOf } from './itemForm';
import { CategoryOrder } from './MenuCategories';
import type { DraftView } from './menuApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const draft: DraftView = {
  draft: { categories: SEED_CATALOGUE.categories, items: SEED_CATALOGUE.items },
  published: {
    id: 'v1',
    number: 1,
    publishedAt: '2026-11-26T12:00:00.000Z',
    publishedBy: null,
    summary: 'Seed',
    restoredFrom: null,
  },
  changes: [],
  recipeLinked: [],
};
const rolls = SEED_CATALOGUE.items.find((i) => i.id === 'cinnamon-rolls')!;
const PATH = 'PATCH /api/admin/menu/items/cinnamon-rolls';

describe('dollarsToCentsStrict', () => {
  it.each([
    ['22', 2200],
    ['22.5', 2250],
    ['$22.05', 2205],
    ['0', null],
    ['12.345', null],
    ['-1', null],
    ['abc', null],
  ])('%s → %s', (text, cents) => expect(dollarsToCentsStrict(text)).toBe(cents));
});

describe('a new item (issue 38)', () => {
  const taken = new Set(['apple-pie']);
  it('takes its id from its name, not one the draft has', () => {
    const form = { ...emptyNewItem('breads'), name: 'Apple Pie', price: '32' };
    expect(newItemOf(form, taken)).toMatchObject({ id: 'apple-pie-2', priceCents: 3200 });
  });
  it('names counts of pieces as the kitchen counts them, and refuses what is not a count', () => {
    const form = {
      ...emptyNewItem('breads'),
      name: 'Pecan Sticky Buns',
      soldAs: 'pieces' as const,
      sizes: [
        { id: null, label: '4', price: '18' },
        { id: null, label: '6', price: '26.50' },
      ],
    };
    expect(newItemOf(form, taken)).toMatchObject({
      id: 'pecan-sticky-buns',
      variants: [
        { id: '4-count', label: '4 count', priceCents: 1800 },
        { id: '6-count', label: '6 count', priceCents: 2650 },
      ],
    });
    expect(newItemOf({ ...form, sizes: [{ id: null, label: 'six', price: '1' }] }, taken)).toBe(
      'Enter the number of pieces (a whole number from 1) for each count',
    );
    expect(newItemOf({ ...form, name: ' ' }, taken)).toBe('Enter the item’s name');
  });
});

describe('the item editor', () => {
  it('lets the owner change the price, refusing 3 decimals, with the card following', async () => {
    const calls = stubFetch({ [PATH]: () => [200, { ...rolls, priceCents: 2200 }] });
    renderScreen(
      <ItemEditor
        item={rolls}
        draft={draft}
        owner
        onSaved={() => undefined}
        onDeleted={() => undefined}
      />,
    );
    const form = screen.getByRole('form', { name: 'Edit Cinnamon Rolls' });
    fireEvent.change(within(form).getByLabelText('Price ($)'), { target: { value: '22.345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a price above $0.00, with at most 2 decimals',
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Price ($)'), { target: { value: '22.00' } });
    expect(screen.getByLabelText('Storefront preview at 375 px')).toHaveTextContent('$22.00');
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ priceCents: 2200 });
  });

  it('lets an admin mark the item sold out and nothing else', async () => {
    const calls = stubFetch({ [PATH]: () => [200, rolls] });
    renderScreen(
      <ItemEditor
        item={rolls}
        draft={draft}
        owner={false}
        onSaved={() => undefined}
        onDeleted={() => undefined}
      />,
    );
    const form = screen.getByRole('form', { name: 'Edit Cinnamon Rolls' });
    expect(within(form).getByLabelText('Price ($)')).toBeDisabled();
    expect(within(form).getByLabelText('Name')).toBeDisabled();
    fireEvent.change(within(form).getByLabelText('Sold out until (last day)'), {
      target: { value: '2026-12-24' },
    });
    expect(screen.getByLabelText('Storefront preview at 375 px')).toHaveTextContent('Sold out');
    fireEvent.click(within(form).getByRole('button', { name: 'Mark sold out' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ soldOutUntil: '2026-12-24' });
  });

  it('lets the owner add a size, named once, and take one off', async () => {
    const cookies = SEED_CATALOGUE.items.find((i) => i.id === 'chocolate-chip-cookies')!;
    const path = 'PATCH /api/admin/menu/items/chocolate-chip-cookies';
    const calls = stubFetch({ [path]: () => [200, cookies] });
    renderScreen(
      <ItemEditor
        item={cookies}
        draft={draft}
        owner
        onSaved={() => undefined}
        onDeleted={() => undefined}
      />,
    );
    const form = screen.getByRole('form', { name: 'Edit Chocolate Chip Cookies' });
    const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));

    fireEvent.click(within(form).getByRole('button', { name: 'Add a size' }));
    fireEvent.change(within(form).getByLabelText('Size 4, name'), { target: { value: '6 Count' } });
    fireEvent.change(within(form).getByLabelText('Price, 6 Count ($)'), {
      target: { value: '11' },
    });
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Each size or count may appear once',
    );
    fireEvent.change(within(form).getByLabelText('Size 4, name'), { target: { value: '4 Count' } });
    // The card shows the lowest price once the new size is priced.
    expect(screen.getByLabelText('Storefront preview at 375 px')).toHaveTextContent('$11.00');
    fireEvent.click(within(form).getByRole('button', { name: 'Remove size 24 count' }));
    // First in the customer's list: moved up past 12 and 6 count.
    fireEvent.click(within(form).getByRole('button', { name: 'Move size 4 Count up' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Move size 4 Count up' }));
    expect(within(form).getByRole('button', { name: 'Move size 4 Count up' })).toBeDisabled();
    save();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
      variants: [
        { id: '4-count', label: '4 Count', priceCents: 1100 },
        { id: '6-count', label: '6 count', priceCents: 1500 },
        { id: '12-count', label: '12 count', priceCents: 3000 },
      ],
    });
  });
});

describe('the category strip', () => {
  /** What a browser's drag carries, for jsdom (which has no DataTransfer). */
  const dataTransfer = () => {
    const data = new Map<string, string>();
    return {
      effectAllowed: 'all',
      dropEffect: 'none',
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
    };
  };

  it('moves a category dragged onto another into its place, in the draft', async () => {
    const calls = stubFetch({
      'PATCH /api/admin/menu/categories/cakes': () => [200, { id: 'cakes', label: 'Cakes' }],
    });
    const saved = vi.fn();
    renderScreen(
      <CategoryOrder draft={draft} chosen="" onChoose={() => undefined} onSaved={saved} />,
    );
    const list = screen.getByRole('list', { name: 'Categories (drag to reorder):' });
    const item = (label: string) =>
      within(list).getByRole('button', { name: label }).closest('li')!;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(SEED_CATALOGUE.categories.map((c) => c.label));
    const drag = dataTransfer();
    fireEvent.dragStart(item('Cakes'), { dataTransfer: drag });
    fireEvent.dragOver(item('Breads'), { dataTransfer: drag });
    expect(item('Breads')).toHaveClass('drop-target');
    fireEvent.drop(item('Breads'), { dataTransfer: drag });
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({
        path: '/api/admin/menu/categories/cakes',
        body: { position: 0 },
      }),
    ]);
    // Dropped on itself: nothing is sent.
    fireEvent.dragStart(item('Muffins'), { dataTransfer: drag });
    fireEvent.drop(item('Muffins'), { dataTransfer: drag });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });
});

describe('published versions', () => {
  const version = (number: number, changes: MenuChange[]) => ({
    ...draft.published,
    id: `v${number}`,
    number,
    changesIfRestored: changes,
  });
  it('offers Restore only for a version that would change the menu', () => {
    const onRestore = vi.fn();
    renderScreen(
      <VersionHistory
        owner
        onRestore={onRestore}
        versions={[
          version(3, []),
          version(2, []),
          version(1, [
            {
              kind: 'changed',
              of: 'item',
              id: 'cinnamon-rolls',
              name: 'Cinnamon Rolls',
              fields: ['priceCents'],
              text: 'Cinnamon Rolls: price $22.00 → $20.00',
            },
          ]),
        ]}
      />,
    );
    const row = (n: number) =>
      within(screen.getByRole('table', { name: 'Published versions' }))
        .getAllByRole('row')
        .find((r) => r.querySelector('td')?.textContent?.startsWith(String(n)))!;
    expect(within(row(2)).getByText('Same as live')).toBeInTheDocument();
    expect(within(row(2)).queryByRole('button')).toBeNull();
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Restore version 1' }));
    expect(onRestore).toHaveBeenCalledWith(expect.objectContaining({ number: 1 }));
  });
});
