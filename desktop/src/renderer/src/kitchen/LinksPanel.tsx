// Recipe links: which recipe makes each menu item (or one of its options),
// what one batch makes and what one ordered item holds. These drive the
// shopping list and the cost of goods; each option is costed by its size.
// Data in useLinks, the table in LinksTable (issue 21 split).
import { useState, type FormEvent } from 'react';
import { Button, Card, H5 } from '../ui/blueprint';
import {
  menuItems,
  ProductRecipeLinkSchema,
  getMenuItem,
  unitsPerItem,
  type ProductRecipeLinkView,
} from '@bakery/core';
import { messageOf } from '../api/client';
import { parsedOr, TextField } from '../ui/fields';
import { QueryStatus } from '../ui/QueryStatus';
import { LinkedItems } from './LinksTable';
import { FormAlert, SelectField } from './shared';
import { useLinks } from './useLinks';

interface LinkForm {
  productId: string;
  variantId: string;
  recipeId: string;
  recipeYield: string;
  unitsPerItem: string;
}

const blank: LinkForm = {
  productId: '',
  variantId: '',
  recipeId: '',
  recipeYield: '',
  unitsPerItem: '',
};

/** The two figures of a link, in pieces: what a batch makes, what one ordered item holds. */
const PIECE_FIELDS = [
  { key: 'recipeYield', id: 'link-yield', label: 'One batch makes (pieces)' },
  { key: 'unitsPerItem', id: 'link-units', label: 'One ordered item holds (pieces)' },
] as const;

/** An all-options link says what the first option holds; core's variantCosting scales the rest. */
const allOptionsHint = (item: ReturnType<typeof getMenuItem>) =>
  `For all options, what the ${item?.variants?.[0]?.label ?? 'first option'} holds; larger counts are costed by their count.`;

/** The live catalogue's items (issue 22: the owner's menu, loaded by the dashboard). */
const menuOptions = () => menuItems().map((m) => ({ value: m.id, label: m.name }));

export function LinksPanel() {
  const [form, setForm] = useState<LinkForm>(blank);
  const [error, setError] = useState<string | null>(null);
  const { links, recipes, save, remove } = useLinks();

  const item = getMenuItem(form.productId);
  const allOptions = Boolean(item?.variants?.length) && form.variantId === '';
  const pickProduct = (productId: string) =>
    setForm((f) => ({
      ...f,
      productId,
      variantId: '',
      unitsPerItem: productId ? String(unitsPerItem(productId, '')) : '',
    }));
  const pickVariant = (variantId: string) =>
    setForm((f) => ({
      ...f,
      variantId,
      unitsPerItem: String(unitsPerItem(f.productId, variantId)),
    }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parsedOr(ProductRecipeLinkSchema.safeParse(form), 'Invalid link', setError);
    if (parsed)
      save.mutate(parsed, {
        onSuccess: () => setForm(blank),
        onError: (err) => setError(messageOf(err, 'Failed to save the link')),
      });
  };
  const edit = (l: ProductRecipeLinkView) =>
    setForm({
      productId: l.productId,
      variantId: l.variantId,
      recipeId: l.recipeId,
      recipeYield: String(l.recipeYield),
      unitsPerItem: String(l.unitsPerItem),
    });

  return (
    <div className="two-col">
      <Card>
        <H5>Link a menu item to a recipe</H5>
        <p className="muted">
          Example: the blueberry muffin recipe makes 12; a box holds 6, so one box uses half a
          batch.
        </p>
        <FormAlert message={error} />
        <form onSubmit={submit} aria-label="Recipe link">
          <SelectField
            id="link-product"
            label="Menu item"
            blank="Choose a menu item…"
            value={form.productId}
            onChange={pickProduct}
            options={menuOptions()}
          />
          <SelectField
            id="link-variant"
            label="Option"
            blank="All options"
            hint="A link for one option wins over the link for all options."
            value={form.variantId}
            onChange={pickVariant}
            disabled={!item?.variants?.length}
            options={(item?.variants ?? []).map((v) => ({ value: v.id, label: v.label }))}
          />
          <SelectField
            id="link-recipe"
            label="Recipe"
            blank="Choose a recipe…"
            value={form.recipeId}
            onChange={(recipeId) => setForm((f) => ({ ...f, recipeId }))}
            options={(recipes.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
          {PIECE_FIELDS.map(({ key, id, label }) => (
            <TextField
              key={key}
              id={id}
              label={label}
              inputMode="decimal"
              value={form[key]}
              onChange={(v) => setForm((f) => ({ ...f, [key]: v }))}
              hint={key === 'unitsPerItem' && allOptions ? allOptionsHint(item) : undefined}
            />
          ))}
          <Button
            type="submit"
            intent="primary"
            icon="link"
            text="Save link"
            loading={save.isPending}
          />{' '}
          <Button text="Clear" minimal onClick={() => setForm(blank)} />
        </form>
      </Card>
      <Card>
        <H5>Linked items</H5>
        <QueryStatus query={links} what="links" />
        {links.data && (
          <LinkedItems links={links.data} onEdit={edit} onRemove={(l) => remove.mutate(l)} />
        )}
      </Card>
    </div>
  );
}
