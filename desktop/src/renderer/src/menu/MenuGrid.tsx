// The Menu tab's grid (issue 22): the draft's items that pass the filters,
// each marked when the draft changed it; a click chooses one for the editor.
// The owner drags a row's handle to move the item among its category's items.
import { useMemo } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, RowDragEndEvent } from 'ag-grid-community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatCents, itemAvailability, type CatalogueItem } from '@bakery/core';
import { messageOf } from '../api/client';
import { toast } from '../ui/toaster';
import { DRAFT_KEY, patchItem, type DraftView } from './menuApi';
import { dropPosition, moved } from './reorder';

export type Filter = 'all' | 'hidden' | 'soldOut' | 'seasonal' | 'noPhoto';
export const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'soldOut', label: 'Sold out' },
  { value: 'seasonal', label: 'Seasonal' },
  { value: 'noPhoto', label: 'No photo' },
];

const matches = (item: CatalogueItem, filter: Filter) =>
  filter === 'all'
    ? true
    : filter === 'hidden'
      ? Boolean(item.hidden)
      : filter === 'soldOut'
        ? itemAvailability(item).reason === 'Sold out'
        : filter === 'seasonal'
          ? Boolean(item.availableFrom || item.availableUntil || item.weekdays?.length)
          : !item.image;

interface Row {
  item: CatalogueItem;
  category: string;
  price: string;
  status: string;
  changed: boolean;
}

/** The grid's columns; the owner gets a drag handle on each row. */
const columns = (owner: boolean): ColDef<Row>[] => [
  {
    headerName: 'Item',
    rowDrag: owner,
    // A row the draft changed is marked after its name.
    valueGetter: (p) => `${p.data?.item.name ?? ''}${p.data?.changed ? ' • changed' : ''}`,
    flex: 2,
    minWidth: 170,
  },
  { headerName: 'Category', field: 'category', width: 105 },
  { headerName: 'Price', field: 'price', width: 95 },
  { headerName: 'Availability', field: 'status', flex: 1, minWidth: 110 },
];
const OWNER_COLUMNS = columns(true);
const ADMIN_COLUMNS = columns(false);

const priceText = (item: CatalogueItem) =>
  item.variants?.length
    ? item.variants.map((v) => formatCents(v.priceCents)).join(' / ')
    : formatCents(item.priceCents);

export function MenuGrid({
  draft,
  loading,
  owner,
  category,
  filter,
  onSelect,
  onSaved,
}: {
  draft: DraftView | undefined;
  loading: boolean;
  owner: boolean;
  /** The chosen category's id, or '' for all. */
  category: string;
  filter: Filter;
  onSelect(id: string): void;
  onSaved(): void;
}) {
  const client = useQueryClient();
  const changedIds = useMemo(
    () => new Set((draft?.changes ?? []).filter((c) => c.of === 'item').map((c) => c.id)),
    [draft],
  );
  const labels = new Map((draft?.draft.categories ?? []).map((c) => [c.id, c.label]));
  const rows: Row[] = (draft?.draft.items ?? [])
    .filter((item) => (!category || item.category === category) && matches(item, filter))
    .map((item) => ({
      item,
      category: labels.get(item.category) ?? item.category,
      price: priceText(item),
      status: item.hidden ? 'Hidden' : (itemAvailability(item).reason ?? 'Available'),
      changed: changedIds.has(item.id),
    }));

  // Drag and drop in the grid: the item takes the place of the row it is
  // dropped on, among its category's items; the draft stores the position.
  const move = useMutation({
    mutationFn: ({ item, position }: { item: CatalogueItem; position: number }) =>
      patchItem(item.id, { position }).then(() => item),
    onSuccess: (item) => {
      toast('Saved', `${item.name}: moved, in the draft`, 'success');
      onSaved();
    },
    onError: (error) => toast('Menu', messageOf(error, 'Failed to move the item')),
  });
  const onRowDragEnd = (e: RowDragEndEvent<Row>) => {
    const item = e.node.data?.item;
    const target = e.overNode?.data?.item;
    if (!item || !target || !draft || move.isPending) return;
    if (target.category !== item.category) {
      const label = labels.get(item.category) ?? item.category;
      toast('Menu', `${item.name} stays in ${label}: drop it on another ${label} item`);
      return;
    }
    const siblings = draft.draft.items.filter((i) => i.category === item.category).map((i) => i.id);
    const position = dropPosition(siblings, item.id, target.id);
    if (position === null) return;
    // Shown at once in the new order; the answer and the draft follow.
    const order = moved(siblings, item.id, position);
    client.setQueryData<DraftView>(
      DRAFT_KEY,
      (old) =>
        old && {
          ...old,
          draft: {
            ...old.draft,
            items: [...old.draft.items].sort((a, b) =>
              a.category === item.category && b.category === item.category
                ? order.indexOf(a.id) - order.indexOf(b.id)
                : 0,
            ),
          },
        },
    );
    move.mutate({ item, position });
  };

  return (
    <div className="grid-box" role="region" aria-label="Menu items">
      <AgGridReact<Row>
        rowData={draft ? rows : null}
        columnDefs={owner ? OWNER_COLUMNS : ADMIN_COLUMNS}
        rowDragText={(p) => `Move ${(p.rowNode?.data as Row | undefined)?.item.name ?? ''}`}
        onRowDragEnd={onRowDragEnd}
        getRowId={(p) => p.data.item.id}
        rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
        onRowClicked={(e) => e.data && onSelect(e.data.item.id)}
        rowHeight={32}
        overlayNoRowsTemplate="No items match"
        loading={loading}
      />
    </div>
  );
}
