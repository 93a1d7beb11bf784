// Recipe links: which recipe makes each menu item (or one of its options),
// what one batch makes and what one ordered item holds. These drive the
// shopping list and the cost of goods; each option is costed by its size.
import { useState, type FormEvent } from 'react';
import { Button, Card, H5, NonIdealState } from '../ui/blueprint';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  menuItems,
  ProductRecipeLinkSchema,
  getMenuItem,
  unitsPerItem,
  type ProductRecipeLinkView,
  type RecipeView,
} from '@bakery/core';
import { api, messageOf } from '../api/client';
import { IconButton, TextField } from '../ui/fields';
import { HeadedTable } from '../ui/HeadedTable';
import { QueryStatus } from '../ui/QueryStatus';
import { toast } from '../ui/toaster';
import { CostFigure, CostWarning, FormAlert, SelectField, amount, money } from './shared';

const KEY = ['/api/admin/kitchen/links'];

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

const linkLabel = (l: ProductRecipeLinkView) =>
  `${l.productName}${l.variantLabel ? ` (${l.variantLabel})` : ' (all options)'}`;

/** The cost of one item per option the link covers ("12 count: $2.50"), each with its warning. */
function LinkCosts({ link }: { link: ProductRecipeLinkView }) {
  if (link.variants.length <= 1)
    return (
      <CostFigure
        cost={link.variants[0]?.costPerItem ?? link.costPerItem}
        warning={link.variants[0]?.warning}
      />
    );
  return (
    <>
      <ul className="link-costs" aria-label={`Cost per option of ${linkLabel(link)}`}>
        {link.variants.map((v) => (
          <li key={v.variantId}>
            {v.variantLabel}: {money(v.costPerItem)}
          </li>
        ))}
      </ul>
      <CostWarning warning={link.variants.find((v) => v.warning)?.warning} />
    </>
  );
}

function LinkedItems({
  links,
  onEdit,
  onRemove,
}: {
  links: ProductRecipeLinkView[];
  onEdit(link: ProductRecipeLinkView): void;
  onRemove(link: ProductRecipeLinkView): void;
}) {
  if (links.length === 0) return <NonIdealState icon="link" title="No recipe linked yet" />;
  return (
    <HeadedTable
      label="Linked items"
      columns={[
        'Item',
        'Recipe',
        'Batch makes',
        'Item holds',
        'Cost per item',
        ['Actions', 'bp6-text-muted'],
      ]}
    >
      {links.map((l) => (
        <tr key={l.id}>
          <td>{linkLabel(l)}</td>
          <td>{l.recipeName}</td>
          <td>{amount(l.recipeYield)}</td>
          <td>{amount(l.unitsPerItem)}</td>
          <td>
            <LinkCosts link={l} />
          </td>
          <td>
            <IconButton
              icon="edit"
              label={`Edit link of ${linkLabel(l)}`}
              onClick={() => onEdit(l)}
            />
            <IconButton
              icon="trash"
              intent="danger"
              label={`Remove link of ${linkLabel(l)}`}
              onClick={() => onRemove(l)}
            />
          </td>
        </tr>
      ))}
    </HeadedTable>
  );
}

export function LinksPanel() {
  const client = useQueryClient();
  const links = useQuery({
    queryKey: KEY,
    queryFn: () => api<ProductRecipeLinkView[]>('/api/admin/kitchen/links'),
  });
  const recipes = useQuery({
    queryKey: ['/api/admin/recipes'],
    queryFn: () => api<RecipeView[]>('/api/admin/recipes'),
  });
  const [form, setForm] = useState<LinkForm>(blank);
  const [error, setError] = useState<string | null>(null);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: ['/api/admin/kitchen/margins'] });
    void client.invalidateQueries({ queryKey: ['/api/admin/kitchen/bake-sheet'] });
  };
  const save = useMutation({
    mutationFn: (body: unknown) =>
      api<ProductRecipeLinkView>('/api/admin/kitchen/links', { method: 'PUT', body }),
    onSuccess: (link) => {
      setForm(blank);
      refresh();
      toast(
        'Recipe linked',
        `${linkLabel(link)} costs ${money(link.costPerItem)} to make`,
        'success',
      );
    },
    onError: (err) => setError(messageOf(err, 'Failed to save the link')),
  });
  const remove = useMutation({
    mutationFn: (l: ProductRecipeLinkView) =>
      api(
        `/api/admin/kitchen/links?productId=${encodeURIComponent(l.productId)}&variantId=${encodeURIComponent(l.variantId)}`,
        { method: 'DELETE' },
      ),
    onSuccess: refresh,
    onError: (err) =>
      toast('Failed to remove the link', messageOf(err, 'Failed to remove the link')),
  });

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
    const parsed = ProductRecipeLinkSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid link');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
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
