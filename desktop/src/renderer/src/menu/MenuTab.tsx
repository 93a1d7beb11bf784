// The Menu tab (issue 22, docs/desktop.md "Changing the menu"): the
// categories and their items in one grid, the selected item's editor beside
// it with its storefront card at 375 px, filters, the draft's differences
// from what is published, Publish and Undo, and the published versions with
// Restore. The owner changes everything (manageMenu); an admin marks items
// sold out (markSoldOut), which goes live at once. The owner reorders items
// by dragging a row's handle in the grid and categories by dragging them in
// the category strip; the arrow buttons do the same from the keyboard.
import { useMemo, useState, type FormEvent } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, RowDragEndEvent } from 'ag-grid-community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  can,
  categoryDrawing,
  formatCents,
  itemAvailability,
  WEEKDAY_NAMES,
  type CatalogueItem,
} from '@bakery/core';
import { apiUrl, messageOf } from '../api/client';
import {
  Button,
  Callout,
  Card,
  Checkbox,
  H5,
  HTMLSelect,
  HTMLTable,
  NonIdealState,
  SegmentedControl,
  Switch,
  Tag,
} from '../ui/blueprint';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { TextField } from '../ui/fields';
import { toast } from '../ui/toaster';
import { CardPreview } from './CardPreview';
import { PhotoDrop } from './PhotoDrop';
import {
  discard,
  DRAFT_KEY,
  getDraft,
  getVersions,
  patchCategory,
  patchItem,
  publish,
  restore,
  VERSIONS_KEY,
  type CategoryPatch,
  type DraftView,
  type ItemPatch,
  type VersionView,
} from './menuApi';
import { dropPosition, moved } from './reorder';
import './menu.css';

type Filter = 'all' | 'hidden' | 'soldOut' | 'seasonal' | 'noPhoto';
const FILTERS: { value: Filter; label: string }[] = [
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

/** "22" or "22.5" or "22.50" in cents; null for anything else (more than 2 decimals, 0). */
export function dollarsToCentsStrict(text: string): number | null {
  const match = /^\s*\$?(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

export function MenuTab({ role }: { role: string }) {
  const owner = can(role, 'manageMenu');
  const client = useQueryClient();
  const draft = useQuery({ queryKey: DRAFT_KEY, queryFn: getDraft });
  const versions = useQuery({ queryKey: VERSIONS_KEY, queryFn: getVersions });
  const [filter, setFilter] = useState<Filter>('all');
  const [category, setCategory] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<null | 'publish' | 'undo' | VersionView>(null);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: DRAFT_KEY });
    void client.invalidateQueries({ queryKey: VERSIONS_KEY });
  };
  const act = useMutation({
    mutationFn: async (what: 'publish' | 'undo' | VersionView) => {
      if (what === 'publish') return `Version ${(await publish()).version.number} is live`;
      if (what === 'undo') {
        await discard();
        return 'The draft is back to what is published';
      }
      return `Version ${(await restore(what.id)).version.number} is live (version ${what.number} restored)`;
    },
    onSuccess: (message) => {
      toast('Menu', message, 'success');
      refresh();
    },
    onError: (error) => toast('Menu', messageOf(error, 'Failed to change the menu')),
    onSettled: () => setConfirm(null),
  });

  const data = draft.data;
  const changedIds = useMemo(
    () => new Set((data?.changes ?? []).filter((c) => c.of === 'item').map((c) => c.id)),
    [data],
  );
  const labels = new Map((data?.draft.categories ?? []).map((c) => [c.id, c.label]));
  const rows: Row[] = (data?.draft.items ?? [])
    .filter((item) => (!category || item.category === category) && matches(item, filter))
    .map((item) => ({
      item,
      category: labels.get(item.category) ?? item.category,
      price: priceText(item),
      status: item.hidden ? 'Hidden' : (itemAvailability(item).reason ?? 'Available'),
      changed: changedIds.has(item.id),
    }));
  const selected = data?.draft.items.find((i) => i.id === selectedId) ?? null;

  // Drag and drop in the grid: the item takes the place of the row it is
  // dropped on, among its category's items; the draft stores the position.
  const move = useMutation({
    mutationFn: ({ item, position }: { item: CatalogueItem; position: number }) =>
      patchItem(item.id, { position }).then(() => item),
    onSuccess: (item) => {
      toast('Saved', `${item.name}: moved, in the draft`, 'success');
      refresh();
    },
    onError: (error) => toast('Menu', messageOf(error, 'Failed to move the item')),
  });
  const onRowDragEnd = (e: RowDragEndEvent<Row>) => {
    const item = e.node.data?.item;
    const target = e.overNode?.data?.item;
    if (!item || !target || !draft.data || move.isPending) return;
    if (target.category !== item.category) {
      const label = labels.get(item.category) ?? item.category;
      toast('Menu', `${item.name} stays in ${label}: drop it on another ${label} item`);
      return;
    }
    const siblings = draft.data.draft.items
      .filter((i) => i.category === item.category)
      .map((i) => i.id);
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
    <div className="menu-tab">
      {draft.error && (
        <Callout intent="danger">{messageOf(draft.error, 'Failed to load the menu')}</Callout>
      )}
      <div className="menu-toolbar" role="toolbar" aria-label="Menu actions">
        <SegmentedControl
          options={FILTERS}
          value={filter}
          onValueChange={(v) => setFilter(v as Filter)}
          small
        />
        <HTMLSelect
          aria-label="Category"
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value)}
          options={[
            { value: '', label: 'All categories' },
            ...(data?.draft.categories ?? []).map((c) => ({ value: c.id, label: c.label })),
          ]}
        />
        <span className="menu-status">
          {data &&
            (data.changes.length
              ? `${data.changes.length} change${data.changes.length === 1 ? '' : 's'} not published`
              : `Published: version ${data.published.number}`)}
        </span>
        {owner && (
          <>
            <Button
              intent="primary"
              icon="cloud-upload"
              text="Publish"
              disabled={!data?.changes.length || act.isPending}
              onClick={() => setConfirm('publish')}
            />
            <Button
              icon="undo"
              text="Undo"
              disabled={!data?.changes.length || act.isPending}
              onClick={() => setConfirm('undo')}
            />
          </>
        )}
      </div>
      {owner && data && (
        <CategoryOrder
          draft={data}
          chosen={category}
          onChoose={(id) => setCategory(id === category ? '' : id)}
          onSaved={refresh}
        />
      )}
      {owner && data && category && (
        <CategoryEditor
          key={JSON.stringify(data.draft.categories)}
          id={category}
          draft={data}
          onSaved={refresh}
        />
      )}
      {data && data.changes.length > 0 && (
        <Callout intent="warning" title="Not published yet" className="menu-changes">
          <ul aria-label="Draft changes">
            {data.changes.map((c, i) => (
              <li key={`${c.id}-${i}`}>{c.text}</li>
            ))}
          </ul>
        </Callout>
      )}
      <div className="split">
        <div className="grid-box" role="region" aria-label="Menu items">
          <AgGridReact<Row>
            rowData={draft.data ? rows : null}
            columnDefs={owner ? OWNER_COLUMNS : ADMIN_COLUMNS}
            rowDragText={(p) => `Move ${(p.rowNode?.data as Row | undefined)?.item.name ?? ''}`}
            onRowDragEnd={onRowDragEnd}
            getRowId={(p) => p.data.item.id}
            rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
            onRowClicked={(e) => e.data && setSelectedId(e.data.item.id)}
            rowHeight={32}
            overlayNoRowsTemplate="No items match"
            loading={draft.isLoading}
          />
        </div>
        <Card className="detail">
          {selected && data ? (
            <ItemEditor
              key={`${selected.id}-${JSON.stringify(selected)}`}
              item={selected}
              draft={data}
              owner={owner}
              onSaved={refresh}
            />
          ) : (
            <NonIdealState
              icon="shop"
              title="Choose an item"
              description="Its editor and its storefront card appear here."
            />
          )}
        </Card>
      </div>
      <VersionHistory
        versions={versions.data?.versions ?? []}
        owner={owner}
        onRestore={(v) => setConfirm(v)}
      />
      <p className="muted menu-settings-link">
        The shop&apos;s name, hours, pickup slots, fees and tax rate are on the Settings screen.
      </p>
      <ConfirmDialog
        isOpen={confirm !== null}
        title={
          confirm === 'publish'
            ? 'Publish the menu?'
            : confirm === 'undo'
              ? 'Undo the draft?'
              : `Restore version ${(confirm as VersionView | null)?.number ?? ''}?`
        }
        confirmText={confirm === 'publish' ? 'Publish' : confirm === 'undo' ? 'Undo' : 'Restore'}
        cancelText="Cancel"
        intent={confirm === 'publish' ? 'primary' : 'warning'}
        onConfirm={() => confirm && act.mutate(confirm)}
        onClose={() => setConfirm(null)}
      >
        {confirm === 'publish'
          ? 'Customers see these changes at once, on the storefront and in the prices of new orders. Orders already placed keep their prices.'
          : confirm === 'undo'
            ? 'Every change not published is discarded.'
            : 'That version is published again as a new version; the draft becomes it.'}
      </ConfirmDialog>
    </div>
  );
}

function VersionHistory({
  versions,
  owner,
  onRestore,
}: {
  versions: VersionView[];
  owner: boolean;
  onRestore(v: VersionView): void;
}) {
  return (
    <Card className="menu-versions">
      <H5>Published versions</H5>
      <HTMLTable compact striped aria-label="Published versions">
        <thead>
          <tr>
            <th>Version</th>
            <th>When</th>
            <th>Who</th>
            <th>What changed</th>
            {owner && <th aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {versions.map((v, index) => (
            <tr key={v.id}>
              <td>
                {v.number} {index === 0 && <Tag intent="success">Live</Tag>}
              </td>
              <td>{new Date(v.publishedAt).toLocaleString('en-US')}</td>
              <td>{v.publishedBy?.name ?? 'Setup'}</td>
              <td className="menu-summary">{v.summary}</td>
              {owner && (
                <td>
                  {index > 0 && (
                    <Button
                      small
                      text="Restore"
                      aria-label={`Restore version ${v.number}`}
                      onClick={() => onRestore(v)}
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}

interface Form {
  name: string;
  description: string;
  price: string;
  variants: Record<string, string>;
  maxQuantity: string;
  hidden: boolean;
  soldOutUntil: string;
  availableFrom: string;
  availableUntil: string;
  weekdays: number[];
  /** An uploaded photo's URL, or null for the category's drawing. */
  image: string | null;
  imageAlt: string;
}

const formOf = (item: CatalogueItem): Form => ({
  name: item.name,
  description: item.description,
  price: (item.priceCents / 100).toFixed(2),
  variants: Object.fromEntries(
    (item.variants ?? []).map((v) => [v.id, (v.priceCents / 100).toFixed(2)]),
  ),
  maxQuantity: String(item.maxQuantity ?? 10),
  hidden: Boolean(item.hidden),
  soldOutUntil: item.soldOutUntil ?? '',
  availableFrom: item.availableFrom ?? '',
  availableUntil: item.availableUntil ?? '',
  weekdays: item.weekdays ?? [],
  image: item.image,
  imageAlt: item.imageAlt,
});

const PRICE_MESSAGE = 'Enter a price above $0.00, with at most 2 decimals';

export function ItemEditor({
  item,
  draft,
  owner,
  onSaved,
}: {
  item: CatalogueItem;
  draft: DraftView;
  owner: boolean;
  onSaved(): void;
}) {
  const [form, setForm] = useState(() => formOf(item));
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const siblings = draft.draft.items.filter((i) => i.category === item.category);
  const position = siblings.findIndex((i) => i.id === item.id);

  const save = useMutation({
    mutationFn: (patch: ItemPatch) => patchItem(item.id, patch),
    onSuccess: () => {
      toast('Saved', owner ? `${item.name}: in the draft` : `${item.name}: live now`, 'success');
      onSaved();
    },
    onError: (e) => setError(messageOf(e, 'Failed to save')),
  });

  const preview: CatalogueItem = {
    ...item,
    name: form.name,
    description: form.description,
    priceCents: dollarsToCentsStrict(form.price) ?? item.priceCents,
    variants: item.variants?.map((v) => ({
      ...v,
      priceCents: dollarsToCentsStrict(form.variants[v.id] ?? '') ?? v.priceCents,
    })),
    hidden: form.hidden,
    soldOutUntil: form.soldOutUntil || null,
    availableFrom: form.availableFrom || null,
    availableUntil: form.availableUntil || null,
    weekdays: form.weekdays,
    image: form.image,
    imageAlt: form.imageAlt,
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!owner) {
      save.mutate({ soldOutUntil: form.soldOutUntil || null });
      return;
    }
    const patch: ItemPatch = {
      name: form.name,
      description: form.description,
      hidden: form.hidden,
      soldOutUntil: form.soldOutUntil || null,
      availableFrom: form.availableFrom || null,
      availableUntil: form.availableUntil || null,
      weekdays: form.weekdays,
      image: form.image,
      imageAlt: form.imageAlt,
    };
    const max = Number(form.maxQuantity);
    if (!Number.isInteger(max) || max < 1)
      return setError('The maximum quantity must be a whole number of at least 1');
    patch.maxQuantity = max;
    if (item.variants?.length) {
      const variants = item.variants.map((v) => ({
        ...v,
        priceCents: dollarsToCentsStrict(form.variants[v.id] ?? ''),
      }));
      if (variants.some((v) => v.priceCents === null)) return setError(PRICE_MESSAGE);
      patch.variants = variants as NonNullable<CatalogueItem['variants']>;
    } else {
      const cents = dollarsToCentsStrict(form.price);
      if (cents === null) return setError(PRICE_MESSAGE);
      patch.priceCents = cents;
    }
    save.mutate(patch);
  }

  const category = draft.draft.categories.find((c) => c.id === item.category);
  const image = apiUrl(form.image ?? category?.image ?? categoryDrawing(item.category));
  return (
    <div className="menu-editor">
      <form onSubmit={submit} aria-label={`Edit ${item.name}`}>
        <h3>{item.name}</h3>
        {error && (
          <Callout intent="danger" role="alert">
            {error}
          </Callout>
        )}
        <TextField
          id="menu-name"
          label="Name"
          value={form.name}
          onChange={(v) => set('name', v)}
          disabled={!owner}
        />
        <TextField
          id="menu-description"
          label="Description"
          value={form.description}
          onChange={(v) => set('description', v)}
          disabled={!owner}
        />
        {item.variants?.length ? (
          item.variants.map((v) => (
            <TextField
              key={v.id}
              id={`menu-price-${v.id}`}
              label={`Price, ${v.label} ($)`}
              value={form.variants[v.id] ?? ''}
              onChange={(value) => set('variants', { ...form.variants, [v.id]: value })}
              disabled={!owner}
              inputMode="decimal"
            />
          ))
        ) : (
          <TextField
            id="menu-price"
            label="Price ($)"
            value={form.price}
            onChange={(v) => set('price', v)}
            disabled={!owner}
            inputMode="decimal"
          />
        )}
        <TextField
          id="menu-max"
          label="Maximum per order"
          value={form.maxQuantity}
          onChange={(v) => set('maxQuantity', v)}
          disabled={!owner}
          inputMode="numeric"
        />
        <TextField
          id="menu-sold-out"
          label="Sold out until (last day)"
          type="date"
          value={form.soldOutUntil}
          onChange={(v) => set('soldOutUntil', v)}
        />
        <div className="menu-dates">
          <TextField
            id="menu-from"
            label="Available from"
            type="date"
            value={form.availableFrom}
            onChange={(v) => set('availableFrom', v)}
            disabled={!owner}
          />
          <TextField
            id="menu-until"
            label="Available until"
            type="date"
            value={form.availableUntil}
            onChange={(v) => set('availableUntil', v)}
            disabled={!owner}
          />
        </div>
        <fieldset className="menu-weekdays" disabled={!owner}>
          <legend>Only on (none: every day)</legend>
          {WEEKDAY_NAMES.map((day, index) => (
            <Checkbox
              key={day}
              inline
              label={day.slice(0, 3)}
              aria-label={day}
              checked={form.weekdays.includes(index)}
              onChange={(e) =>
                set(
                  'weekdays',
                  e.currentTarget.checked
                    ? [...form.weekdays, index].sort()
                    : form.weekdays.filter((d) => d !== index),
                )
              }
            />
          ))}
        </fieldset>
        <Switch
          label="Hidden (off the storefront)"
          checked={form.hidden}
          disabled={!owner}
          onChange={(e) => set('hidden', e.currentTarget.checked)}
        />
        {owner && (
          <div className="menu-photo">
            <PhotoDrop
              key={`${item.id}:${form.image ?? 'drawing'}`}
              image={form.image ? apiUrl(form.image) : null}
              alt={form.imageAlt}
              label="Photo"
              onUploaded={(photo) => set('image', photo.image)}
            />
            {form.image && (
              <Button small text="Use the category drawing" onClick={() => set('image', null)} />
            )}
          </div>
        )}
        <TextField
          id="menu-alt"
          label="Photo description (alt text)"
          value={form.imageAlt}
          onChange={(v) => set('imageAlt', v)}
          disabled={!owner}
        />
        <div className="button-row">
          <Button
            type="submit"
            intent="primary"
            text={owner ? 'Save to draft' : 'Mark sold out'}
            loading={save.isPending}
          />
          {!owner && form.soldOutUntil && (
            <Button text="Clear sold out" onClick={() => save.mutate({ soldOutUntil: null })} />
          )}
          {owner && (
            <>
              <Button
                icon="arrow-up"
                aria-label="Move up"
                disabled={position <= 0 || save.isPending}
                onClick={() => save.mutate({ position: position - 1 })}
              />
              <Button
                icon="arrow-down"
                aria-label="Move down"
                disabled={position < 0 || position >= siblings.length - 1 || save.isPending}
                onClick={() => save.mutate({ position: position + 1 })}
              />
            </>
          )}
        </div>
      </form>
      <CardPreview item={preview} image={image} />
    </div>
  );
}

/** The chosen category's label, hidden switch and place among the categories (owner). */
function CategoryEditor({ id, draft, onSaved }: { id: string; draft: DraftView; onSaved(): void }) {
  const categories = draft.draft.categories;
  const index = categories.findIndex((c) => c.id === id);
  const category = categories[index];
  const [label, setLabel] = useState(category?.label ?? '');
  const save = useMutation({
    mutationFn: (patch: CategoryPatch) => patchCategory(id, patch),
    onSuccess: () => {
      toast('Saved', `${label}: in the draft`, 'success');
      onSaved();
    },
    onError: (e) => toast('Category', messageOf(e, 'Failed to save')),
  });
  if (!category) return null;
  return (
    <form
      className="menu-category"
      aria-label={`Category ${category.label}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ label });
      }}
    >
      <TextField
        id="menu-category-label"
        label="Category name"
        inline
        value={label}
        onChange={setLabel}
      />
      <Button type="submit" text="Rename" disabled={label === category.label} />
      <Switch
        label="Hidden"
        checked={Boolean(category.hidden)}
        onChange={(e) => save.mutate({ hidden: e.currentTarget.checked })}
      />
      <Button
        icon="arrow-left"
        aria-label="Move category earlier"
        disabled={index <= 0 || save.isPending}
        onClick={() => save.mutate({ position: index - 1 })}
      />
      <Button
        icon="arrow-right"
        aria-label="Move category later"
        disabled={index >= categories.length - 1 || save.isPending}
        onClick={() => save.mutate({ position: index + 1 })}
      />
    </form>
  );
}

/**
 * The categories in the storefront's order (owner): drag one onto another to
 * move it there (native drag and drop); a click chooses it for the grid and
 * its editor, whose arrow buttons move it from the keyboard.
 */
export function CategoryOrder({
  draft,
  chosen,
  onChoose,
  onSaved,
}: {
  draft: DraftView;
  chosen: string;
  onChoose(id: string): void;
  onSaved(): void;
}) {
  const ids = draft.draft.categories.map((c) => c.id);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) =>
      patchCategory(id, { position }),
    onSuccess: (category) => {
      toast('Saved', `${category.label}: moved, in the draft`, 'success');
      onSaved();
    },
    onError: (e) => toast('Category', messageOf(e, 'Failed to move the category')),
  });
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  return (
    <div className="menu-category-order">
      <span id="menu-category-order-label" className="muted">
        Categories (drag to reorder):
      </span>
      <ol aria-labelledby="menu-category-order-label">
        {draft.draft.categories.map((c) => (
          <li
            key={c.id}
            draggable={!save.isPending}
            data-category={c.id}
            className={[
              dragged === c.id ? 'dragging' : '',
              over === c.id && dragged !== c.id ? 'drop-target' : '',
            ].join(' ')}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', c.id);
              setDragged(c.id);
            }}
            onDragOver={(e) => {
              if (!dragged) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              if (over !== c.id) setOver(c.id);
            }}
            onDragLeave={() => over === c.id && setOver(null)}
            onDrop={(e) => {
              e.preventDefault();
              const from = dragged ?? e.dataTransfer.getData('text/plain');
              end();
              const position = dropPosition(ids, from, c.id);
              if (position !== null) save.mutate({ id: from, position });
            }}
            onDragEnd={end}
          >
            <Button
              small
              minimal={chosen !== c.id}
              active={chosen === c.id}
              icon="drag-handle-vertical"
              text={c.hidden ? `${c.label} (hidden)` : c.label}
              aria-pressed={chosen === c.id}
              onClick={() => onChoose(c.id)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
