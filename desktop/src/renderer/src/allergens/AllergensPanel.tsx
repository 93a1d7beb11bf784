// Kitchen > Allergens (issue 26): the shop's gluten-free, dairy-free promise
// checked against the recipes (each item and ingredient that breaks it, and
// the exceptions with their own wording), the items customers must ask
// about (no recipe linked), ingredients without a weight, what each filling
// and add-in puts in a piece, net weights, one item's labels and the label
// settings.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  menuItems,
  getMenuItem,
  type ClaimProblem,
  type IngredientView,
  type LabelFormat,
  type AllergenOverviewView,
  ROUTES,
  type RouteBody,
} from '@bakery/core';
import { client as apiClient, messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { Button, Callout, Card, H5, HTMLSelect, Switch, Tag } from '../ui/blueprint';
import { IconButton, optionsWithEvery, TextField } from '../ui/fields';
import { HeadedTable } from '../ui/HeadedTable';
import { QueryStatus } from '../ui/QueryStatus';
import { toast } from '../ui/toaster';
import { LABEL_FORMAT_NAMES, saveLabels } from './LabelButtons';
import './allergens.css';

const KEY = [ROUTES.allergens.path];

type Overview = AllergenOverviewView;

/** The panel's saves (each a PUT of the map), then the overview read again. */
type SaveRoute =
  | typeof ROUTES.saveClaimException
  | typeof ROUTES.saveOptionIngredients
  | typeof ROUTES.saveNetWeight
  | typeof ROUTES.saveLabelSettings;

function useSave<R extends SaveRoute>(route: R, done: string) {
  const client = useQueryClient();
  return useMutation({
    // RouteBody<R> is one of the union's bodies: the route's own.
    mutationFn: (body: RouteBody<R>) =>
      apiClient.call<SaveRoute>(route, { body: body as RouteBody<SaveRoute> }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      toast(done, undefined, 'success');
    },
    onError: (err) => toast('Not saved', messageOf(err, 'Failed to save')),
  });
}

function ProblemRow({ problem }: { problem: ClaimProblem }) {
  const [wording, setWording] = useState('');
  const [open, setOpen] = useState(false);
  const save = useSave(ROUTES.saveClaimException, 'Exception saved');
  return (
    <tr>
      <td>{problem.productName}</td>
      <td>{problem.optionLabel ?? 'All'}</td>
      <td>
        {problem.ingredient}{' '}
        <Tag minimal intent="danger">
          {problem.reason}
        </Tag>
      </td>
      <td>
        {open ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate({ productId: problem.productId, wording });
            }}
          >
            <TextField
              id={`exception-${problem.productId}-${problem.optionId}-${problem.ingredient}`}
              label="What customers read instead"
              value={wording}
              placeholder="Made with wheat flour: not gluten-free."
              onChange={setWording}
            />
            <Button
              type="submit"
              small
              intent="primary"
              text="Save exception"
              loading={save.isPending}
            />
          </form>
        ) : (
          <Button small text="Mark as exception…" onClick={() => setOpen(true)} />
        )}
      </td>
    </tr>
  );
}

function OptionEditor({
  option,
  ingredients,
}: {
  option: Overview['options'][number];
  ingredients: IngredientView[];
}) {
  const [rows, setRows] = useState(
    option.ingredients.map((i) => ({ ingredientId: i.ingredientId, quantity: String(i.quantity) })),
  );
  const save = useSave(ROUTES.saveOptionIngredients, `${option.label} saved`);
  const id = `option-${option.kind}-${option.optionId}`;
  return (
    <Card className="allergen-option" aria-label={option.label}>
      <H5>
        {option.kind === 'filling' ? 'Filling' : 'Add-in'}: {option.label}
      </H5>
      {rows.length === 0 && (
        <p className="allergen-warning">Nothing listed: its allergens are not known.</p>
      )}
      {rows.map((row, index) => (
        <div key={index} className="button-row">
          <HTMLSelect
            aria-label={`Ingredient ${index + 1} of ${option.label}`}
            value={row.ingredientId}
            onChange={(e) => {
              const ingredientId = e.currentTarget.value;
              setRows((r) => r.map((x, i) => (i === index ? { ...x, ingredientId } : x)));
            }}
          >
            <option value="">Choose an ingredient…</option>
            {ingredients.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name} ({i.unit})
              </option>
            ))}
          </HTMLSelect>
          <TextField
            id={`${id}-qty-${index}`}
            label="Per piece"
            inline
            type="number"
            min={0}
            step="0.001"
            value={row.quantity}
            onChange={(quantity) =>
              setRows((r) => r.map((x, i) => (i === index ? { ...x, quantity } : x)))
            }
          />
          <IconButton
            icon="trash"
            intent="danger"
            label={`Remove ingredient ${index + 1} of ${option.label}`}
            onClick={() => setRows((r) => r.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <div className="button-row">
        <Button
          small
          icon="plus"
          text="Add ingredient"
          onClick={() => setRows((r) => [...r, { ingredientId: '', quantity: '' }])}
        />
        <Button
          small
          intent="primary"
          text="Save"
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              kind: option.kind,
              optionId: option.optionId,
              ingredients: rows
                .filter((r) => r.ingredientId)
                .map((r) => ({ ingredientId: r.ingredientId, quantity: Number(r.quantity) })),
            })
          }
        />
      </div>
    </Card>
  );
}

function ItemLabels({ overview }: { overview: Overview }) {
  const [productId, setProductId] = useState(() => menuItems()[0]!.id);
  const [variantId, setVariantId] = useState('');
  const [grams, setGrams] = useState('');
  const [format, setFormat] = useState<LabelFormat>('avery5163');
  const [count, setCount] = useState('10');
  const item = getMenuItem(productId);
  const current = overview.netWeights.find(
    (w) => w.productId === productId && w.variantId === variantId,
  );
  const saveWeight = useSave(ROUTES.saveNetWeight, 'Net weight saved');
  return (
    <Card>
      <H5>One item: net weight and labels</H5>
      <div className="button-row">
        <HTMLSelect
          aria-label="Menu item"
          value={productId}
          onChange={(e) => {
            setProductId(e.currentTarget.value);
            setVariantId('');
          }}
          options={menuItems().map((i) => ({ value: i.id, label: i.name }))}
        />
        {item?.variants && (
          <HTMLSelect
            aria-label="Option"
            value={variantId}
            onChange={(e) => setVariantId(e.currentTarget.value)}
            options={optionsWithEvery('Every option', item.variants)}
          />
        )}
      </div>
      <div className="button-row">
        <TextField
          id="net-weight-grams"
          label={`Net weight in grams${current ? ` (now ${current.grams} g)` : ''}`}
          inline
          type="number"
          min={0}
          value={grams}
          onChange={setGrams}
        />
        <Button
          small
          text="Save weight"
          loading={saveWeight.isPending}
          onClick={() => saveWeight.mutate({ productId, variantId, grams: Number(grams) })}
        />
      </div>
      <div className="button-row">
        <HTMLSelect
          aria-label="Label format"
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as LabelFormat)}
        >
          {(['avery5163', 'thermal'] as const).map((f) => (
            <option key={f} value={f}>
              {LABEL_FORMAT_NAMES[f]}
            </option>
          ))}
        </HTMLSelect>
        <TextField
          id="label-count"
          label="Labels"
          inline
          type="number"
          min={1}
          max={100}
          value={count}
          onChange={setCount}
        />
        <Button
          icon="document"
          text="Print labels"
          onClick={() =>
            void saveLabels({
              productId,
              format,
              count,
              ...(variantId ? { variantId } : {}),
            })
          }
        />
      </div>
    </Card>
  );
}

export function AllergensPanel({ role }: { role: string }) {
  const overview = useApiQuery(KEY, ROUTES.allergens);
  const ingredients = useApiQuery([ROUTES.ingredients.path], ROUTES.ingredients);
  const removeException = useMutation({
    mutationFn: (productId: string) =>
      apiClient.call(ROUTES.removeClaimException, { params: { productId } }),
  });
  const client = useQueryClient();
  const settings = useSave(ROUTES.saveLabelSettings, 'Label settings saved');
  const o = overview.data;
  if (!o) return <QueryStatus query={overview} what="allergens" />;
  return (
    <div className="allergens-panel">
      <Card>
        <H5>The promise: gluten-free and dairy-free</H5>
        {o.problems.length === 0 ? (
          <Callout intent="success">Every linked recipe keeps the promise.</Callout>
        ) : (
          <>
            <Callout intent="danger">
              {o.problems.length} {o.problems.length === 1 ? 'item breaks' : 'items break'} the
              promise: fix the recipe, or mark the item as an exception with its own wording. Such
              items cannot be published.
            </Callout>
            <HeadedTable
              label="Items that break the promise"
              columns={['Item', 'Option', 'Ingredient', '']}
            >
              {o.problems.map((p) => (
                <ProblemRow key={`${p.productId}-${p.optionId}-${p.ingredient}`} problem={p} />
              ))}
            </HeadedTable>
          </>
        )}
        {o.exceptions.length > 0 && (
          <HeadedTable label="Exceptions" columns={['Exception', 'What customers read', '']}>
            {o.exceptions.map((e) => (
              <tr key={e.productId}>
                <td>{e.name}</td>
                <td>{e.wording}</td>
                <td>
                  <IconButton
                    icon="trash"
                    intent="danger"
                    label={`Remove the exception of ${e.name}`}
                    onClick={() =>
                      removeException.mutate(e.productId, {
                        onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
                      })
                    }
                  />
                </td>
              </tr>
            ))}
          </HeadedTable>
        )}
      </Card>
      <div className="two-col">
        <Card>
          <H5>Ask us about allergens ({o.askUs.length})</H5>
          <p className="muted">
            Neither a recipe is linked to these items (Kitchen &gt; Recipe Links) nor are their
            ingredients stated in the Menu editor: customers read “Ask us about allergens” and the
            Without: filter hides them.
          </p>
          <p>
            {o.askUs.map((i) => i.name).join(', ') ||
              'None: every item has its recipe or its stated ingredients.'}
          </p>
        </Card>
        <Card>
          <H5>Ingredients without a weight</H5>
          {o.missingWeights.length === 0 ? (
            <p>None: every ingredient list is ordered by weight.</p>
          ) : (
            <ul>
              {o.missingWeights.map((m) => (
                <li key={m.ingredient}>
                  <strong>{m.ingredient}</strong> (in {m.items.join(', ')}): set its grams per unit
                  on the Ingredients screen.
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <H5>Fillings and add-ins: what each puts in a piece</H5>
      <div className="cards">
        {o.options.map((option) => (
          <OptionEditor
            key={`${option.kind}-${option.optionId}-${option.ingredients.length}`}
            option={option}
            ingredients={ingredients.data ?? []}
          />
        ))}
      </div>
      <ItemLabels overview={o} />
      <Card>
        <H5>Labels</H5>
        <Switch
          role="switch"
          label="Print Florida's cottage-food statement on every label"
          checked={o.labelSettings.cottageFoodStatement}
          disabled={role !== 'owner' || settings.isPending}
          onChange={(e) => settings.mutate({ cottageFoodStatement: e.currentTarget.checked })}
        />
        {role !== 'owner' && <p className="muted">Only the owner changes this.</p>}
      </Card>
    </div>
  );
}
