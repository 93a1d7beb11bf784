// "New item" in the Menu tab (issue 38): the owner names the item, picks its
// category, gives it one price, sizes or counts of pieces, a photo (and what
// it shows); it goes into the draft, and customers see it on Publish.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { categoryDrawing } from '@bakery/core';
import { apiUrl, messageOf } from '../api/client';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  SegmentedControl,
} from '../ui/blueprint';
import { TextField, textBinder } from '../ui/fields';
import { AllergenFields } from './AllergenFields';
import { CardPreview } from './CardPreview';
import { emptyNewItem, newItemOf, type NewItemForm, type SoldAs } from './itemForm';
import { createItem, type CatalogueItem, type DraftView } from './menuApi';
import { PhotoDrop } from './PhotoDrop';

const SOLD_AS: { value: SoldAs; label: string }[] = [
  { value: 'one', label: 'One price' },
  { value: 'sizes', label: 'Sizes' },
  { value: 'pieces', label: 'By count (pieces)' },
];

export function NewItemDialog({
  draft,
  category,
  onClose,
  onCreated,
}: {
  draft: DraftView;
  /** The category the tab shows, or '' (then the first). */
  category: string;
  onClose(): void;
  onCreated(item: CatalogueItem): void;
}) {
  const [form, setForm] = useState<NewItemForm>(() =>
    emptyNewItem(category || draft.draft.categories[0]?.id || ''),
  );
  const [error, setError] = useState<string | null>(null);
  const text = textBinder(form, setForm);
  const set = <K extends keyof NewItemForm>(key: K, value: NewItemForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setRow = (index: number, change: Partial<NewItemForm['sizes'][number]>) =>
    set(
      'sizes',
      form.sizes.map((row, i) => (i === index ? { ...row, ...change } : row)),
    );
  const taken = new Set(draft.draft.items.map((i) => i.id));
  const create = useMutation({
    mutationFn: createItem,
    onSuccess: (item) => onCreated(item),
    onError: (e) => setError(messageOf(e, 'Failed to add the item')),
  });

  function submit() {
    setError(null);
    const body = newItemOf(form, taken);
    if (typeof body === 'string') return setError(body);
    create.mutate(body);
  }

  const pieces = form.soldAs === 'pieces';
  const preview = newItemOf(form, new Set());
  const previewItem: CatalogueItem = {
    id: 'new',
    name: form.name || 'New item',
    description: form.description,
    category: form.category as never,
    priceCents: 0,
    image: form.image,
    imageAlt: form.imageAlt,
    ...(typeof preview === 'string' ? {} : preview),
  } as CatalogueItem;
  return (
    <Dialog isOpen title="New item" onClose={onClose} style={{ width: 760 }}>
      <form
        noValidate
        aria-label="New item"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <div className="menu-new-item">
            <div>
              {error && (
                <Callout intent="danger" role="alert">
                  {error}
                </Callout>
              )}
              <TextField id="new-item-name" label="Name" autoFocus {...text('name')} />
              <FormGroup label="Category" labelFor="new-item-category">
                <HTMLSelect
                  id="new-item-category"
                  value={form.category}
                  onChange={(e) => set('category', e.currentTarget.value)}
                  options={draft.draft.categories.map((c) => ({ value: c.id, label: c.label }))}
                />
              </FormGroup>
              <TextField id="new-item-description" label="Description" {...text('description')} />
              <FormGroup label="Sold as">
                <SegmentedControl
                  aria-label="Sold as"
                  options={SOLD_AS}
                  value={form.soldAs}
                  small
                  onValueChange={(v) => {
                    const soldAs = v as SoldAs;
                    setForm((f) => ({
                      ...f,
                      soldAs,
                      sizes: soldAs === 'one' ? [] : [{ id: null, label: '', price: f.price }],
                    }));
                  }}
                />
              </FormGroup>
              {form.soldAs === 'one' ? (
                <TextField
                  id="new-item-price"
                  label="Price ($)"
                  inputMode="decimal"
                  {...text('price')}
                />
              ) : (
                <fieldset className="menu-sizes">
                  <legend>{pieces ? 'Counts and prices' : 'Sizes and prices'}</legend>
                  {form.sizes.map((row, index) => (
                    <div className="menu-size" key={index}>
                      <TextField
                        id={`new-item-size-${index}`}
                        label={pieces ? `Count ${index + 1}, pieces` : `Size ${index + 1}, name`}
                        inputMode={pieces ? 'numeric' : undefined}
                        value={row.label}
                        onChange={(label) => setRow(index, { label })}
                      />
                      <TextField
                        id={`new-item-size-price-${index}`}
                        label={`Price, ${
                          row.label
                            ? pieces
                              ? `${row.label} count`
                              : row.label
                            : `${pieces ? 'count' : 'size'} ${index + 1}`
                        } ($)`}
                        inputMode="decimal"
                        value={row.price}
                        onChange={(price) => setRow(index, { price })}
                      />
                      <Button
                        small
                        minimal
                        icon="cross"
                        aria-label={`Remove ${pieces ? 'count' : 'size'} ${row.label || index + 1}`}
                        disabled={form.sizes.length === 1}
                        onClick={() =>
                          set(
                            'sizes',
                            form.sizes.filter((_, i) => i !== index),
                          )
                        }
                      />
                    </div>
                  ))}
                  <Button
                    small
                    icon="add"
                    text={pieces ? 'Add a count' : 'Add a size'}
                    onClick={() =>
                      set('sizes', [...form.sizes, { id: null, label: '', price: '' }])
                    }
                  />
                </fieldset>
              )}
              <div className="menu-photo">
                <PhotoDrop
                  key={form.image ?? 'drawing'}
                  image={form.image ? apiUrl(form.image) : null}
                  alt={form.imageAlt}
                  label="Photo"
                  onUploaded={(photo) => set('image', photo.image)}
                />
              </div>
              {form.image && (
                <TextField
                  id="new-item-alt"
                  label="Photo description (alt text)"
                  {...text('imageAlt')}
                />
              )}
              <AllergenFields
                id="new-item"
                value={form}
                onChange={(facts) => setForm((f) => ({ ...f, ...facts }))}
                recipeLinked={false}
              />
              <p className="muted">
                Without a photo, the card shows the category&apos;s drawing. The item goes into the
                draft: customers see it once you publish the menu.
              </p>
            </div>
            <CardPreview
              item={previewItem}
              image={apiUrl(form.image ?? categoryDrawing(form.category))}
            />
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text="Add to draft"
                loading={create.isPending}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
