// Recipe links: which recipe makes each menu item (or one of its options),
// what one batch makes and what one ordered item holds. These drive the
// shopping list and the cost of goods.
import { useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Card,
  FormGroup,
  H5,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MENU_ITEMS,
  ProductRecipeLinkSchema,
  getMenuItem,
  unitsPerItem,
  type ProductRecipeLinkView,
  type RecipeView,
} from '@bakery/core';
import { api, messageOf } from '../api/client';
import { toast } from '../ui/toaster';
import { amount, money } from './shared';

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
        `${link.productName}${link.variantLabel ? ` (${link.variantLabel})` : ''} costs ${money(link.costPerItem)} to make`,
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
        {error && (
          <Callout intent="danger" role="alert">
            {error}
          </Callout>
        )}
        <form onSubmit={submit} aria-label="Recipe link">
          <FormGroup label="Menu item" labelFor="link-product">
            <HTMLSelect
              id="link-product"
              fill
              value={form.productId}
              onChange={(e) => pickProduct(e.currentTarget.value)}
            >
              <option value="">Choose a menu item…</option>
              {MENU_ITEMS.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup
            label="Option"
            labelFor="link-variant"
            helperText="A link for one option wins over the link for all options."
          >
            <HTMLSelect
              id="link-variant"
              fill
              value={form.variantId}
              disabled={!item?.variants?.length}
              onChange={(e) => pickVariant(e.currentTarget.value)}
            >
              <option value="">All options</option>
              {item?.variants?.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="Recipe" labelFor="link-recipe">
            <HTMLSelect
              id="link-recipe"
              fill
              value={form.recipeId}
              onChange={(e) => {
                const recipeId = e.currentTarget.value;
                setForm((f) => ({ ...f, recipeId }));
              }}
            >
              <option value="">Choose a recipe…</option>
              {(recipes.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="One batch makes (pieces)" labelFor="link-yield">
            <InputGroup
              id="link-yield"
              inputMode="decimal"
              value={form.recipeYield}
              onValueChange={(v) => setForm((f) => ({ ...f, recipeYield: v }))}
            />
          </FormGroup>
          <FormGroup label="One ordered item holds (pieces)" labelFor="link-units">
            <InputGroup
              id="link-units"
              inputMode="decimal"
              value={form.unitsPerItem}
              onValueChange={(v) => setForm((f) => ({ ...f, unitsPerItem: v }))}
            />
          </FormGroup>
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
        {links.isLoading && <Spinner aria-label="Loading links" />}
        {links.error && (
          <Callout intent="danger">{messageOf(links.error, 'Failed to load links')}</Callout>
        )}
        {links.data && links.data.length === 0 && (
          <NonIdealState icon="link" title="No recipe linked yet" />
        )}
        {links.data && links.data.length > 0 && (
          <HTMLTable compact striped aria-label="Linked items" style={{ width: '100%' }}>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Recipe</th>
                <th scope="col">Batch makes</th>
                <th scope="col">Item holds</th>
                <th scope="col">Cost per item</th>
                <th scope="col">
                  <span className="bp6-text-muted">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.data.map((l) => {
                const label = `${l.productName}${l.variantLabel ? ` (${l.variantLabel})` : ' (all options)'}`;
                return (
                  <tr key={l.id}>
                    <td>{label}</td>
                    <td>{l.recipeName}</td>
                    <td>{amount(l.recipeYield)}</td>
                    <td>{amount(l.unitsPerItem)}</td>
                    <td>{money(l.costPerItem)}</td>
                    <td>
                      <Button
                        small
                        minimal
                        icon="edit"
                        aria-label={`Edit link of ${label}`}
                        onClick={() => edit(l)}
                      />
                      <Button
                        small
                        minimal
                        icon="trash"
                        intent="danger"
                        aria-label={`Remove link of ${label}`}
                        onClick={() => remove.mutate(l)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
      </Card>
    </div>
  );
}
