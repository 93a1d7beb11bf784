// The Menu tab's item editor (issue 22): the owner changes the item in the
// draft, with its storefront card at 375 px following each keystroke; an
// admin only marks it sold out, which goes live at once.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { categoryDrawing, WEEKDAY_NAMES, type CatalogueItem } from '@bakery/core';
import { apiUrl, messageOf } from '../api/client';
import { Button, Callout, Checkbox, Switch } from '../ui/blueprint';
import { TextField, textBinder } from '../ui/fields';
import { toast } from '../ui/toaster';
import { AllergenFields } from './AllergenFields';
import { CardPreview } from './CardPreview';
import { formOf, ownerPatchOf, previewOf, type ItemForm } from './itemForm';
import { deleteItem, patchItem, type DraftView, type ItemPatch } from './menuApi';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { MoveButtons } from './MoveButtons';
import { PhotoDrop } from './PhotoDrop';

export function ItemEditor({
  item,
  draft,
  owner,
  onSaved,
  onDeleted,
}: {
  item: CatalogueItem;
  draft: DraftView;
  owner: boolean;
  onSaved(): void;
  onDeleted(): void;
}) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [form, setForm] = useState(() => formOf(item));
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof ItemForm>(key: K, value: ItemForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setSize = (index: number, change: Partial<ItemForm['sizes'][number]>) =>
    set(
      'sizes',
      form.sizes.map((row, i) => (i === index ? { ...row, ...change } : row)),
    );
  const text = textBinder(form, setForm);
  /** A text field's value and change, off for an admin unless `always`. */
  const bind = (key: Parameters<typeof text>[0], always = false) => ({
    ...text(key),
    disabled: !owner && !always,
  });
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
  const remove = useMutation({
    mutationFn: () => deleteItem(item.id),
    onSuccess: () => {
      toast(
        'Menu',
        `${item.name}: deleted from the draft (publish to take it off the shop)`,
        'success',
      );
      onDeleted();
    },
    onError: (e) => setError(messageOf(e, 'Failed to delete')),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!owner) {
      save.mutate({ soldOutUntil: form.soldOutUntil || null });
      return;
    }
    const patch = ownerPatchOf(item, form);
    if (typeof patch === 'string') return setError(patch);
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
        <TextField id="menu-name" label="Name" {...bind('name')} />
        <TextField id="menu-description" label="Description" {...bind('description')} />
        {form.sizes.length ? (
          <fieldset className="menu-sizes" disabled={!owner}>
            <legend>Sizes and prices</legend>
            {form.sizes.map((row, index) => (
              <div className="menu-size" key={index}>
                <TextField
                  id={`menu-size-${index}`}
                  label={`Size ${index + 1}, name`}
                  value={row.label}
                  onChange={(label) => setSize(index, { label })}
                />
                <TextField
                  id={row.id ? `menu-price-${row.id}` : `menu-price-new-${index}`}
                  label={`Price, ${row.label || `size ${index + 1}`} ($)`}
                  value={row.price}
                  onChange={(price) => setSize(index, { price })}
                  inputMode="decimal"
                />
                <TextField
                  id={`menu-size-pieces-${index}`}
                  label={`Pieces, ${row.label || `size ${index + 1}`}`}
                  value={row.pieces ?? ''}
                  onChange={(pieces) => setSize(index, { pieces })}
                  inputMode="numeric"
                />
                <Button
                  small
                  minimal
                  icon="arrow-up"
                  aria-label={`Move size ${row.label || index + 1} up`}
                  title="Earlier in the customer's list"
                  disabled={index === 0}
                  onClick={() =>
                    set('sizes', [
                      ...form.sizes.slice(0, index - 1),
                      row,
                      form.sizes[index - 1]!,
                      ...form.sizes.slice(index + 1),
                    ])
                  }
                />
                <Button
                  small
                  minimal
                  icon="cross"
                  aria-label={`Remove size ${row.label || index + 1}`}
                  title="Remove this size (orders placed keep it)"
                  onClick={() =>
                    set(
                      'sizes',
                      form.sizes.filter((_, i) => i !== index),
                    )
                  }
                />
              </div>
            ))}
          </fieldset>
        ) : (
          <TextField id="menu-price" label="Price ($)" {...bind('price')} inputMode="decimal" />
        )}
        {owner && (
          <Button
            small
            className="menu-add-size"
            icon="add"
            text={form.sizes.length ? 'Add a size' : 'Sell in sizes'}
            onClick={() =>
              set('sizes', [
                ...form.sizes,
                // The first size starts at the item's one price.
                { id: null, label: '', price: form.sizes.length ? '' : form.price },
              ])
            }
          />
        )}
        <div className="menu-dates">
          <TextField
            id="menu-pieces"
            label="Pieces per item (the bake sheet counts these)"
            {...bind('pieces')}
            inputMode="numeric"
          />
          <TextField
            id="menu-piece-name"
            label="A piece is called (rolls)"
            {...bind('pieceName')}
          />
        </div>
        <TextField
          id="menu-max"
          label="Maximum per order"
          {...bind('maxQuantity')}
          inputMode="numeric"
        />
        <TextField
          id="menu-sold-out"
          label="Sold out until (last day)"
          type="date"
          {...bind('soldOutUntil', true)}
        />
        <div className="menu-dates">
          <TextField id="menu-from" label="Available from" type="date" {...bind('availableFrom')} />
          <TextField
            id="menu-until"
            label="Available until"
            type="date"
            {...bind('availableUntil')}
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
        <TextField id="menu-alt" label="Photo description (alt text)" {...bind('imageAlt')} />
        <AllergenFields
          id="menu"
          value={form}
          onChange={(facts) => setForm((f) => ({ ...f, ...facts }))}
          recipeLinked={draft.recipeLinked.includes(item.id)}
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
            <MoveButtons
              index={position}
              count={siblings.length}
              busy={save.isPending}
              of="item"
              onMove={(p) => save.mutate({ position: p })}
            />
          )}
          {owner && (
            <Button
              intent="danger"
              icon="trash"
              text="Delete"
              aria-label={`Delete ${item.name}`}
              loading={remove.isPending}
              onClick={() => setConfirmDelete(true)}
            />
          )}
        </div>
      </form>
      <ConfirmDialog
        isOpen={confirmDelete}
        title={`Delete ${item.name}?`}
        confirmText="Delete"
        cancelText="Keep it"
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirmDelete(false)}
      >
        It leaves the draft; customers still see it until you publish the menu. Orders already
        placed keep their line, and an earlier version can be restored.
      </ConfirmDialog>
      <CardPreview item={previewOf(item, form)} image={image} />
    </div>
  );
}
