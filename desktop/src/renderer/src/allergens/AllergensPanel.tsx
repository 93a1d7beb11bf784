// Kitchen > Allergens (issue 26): the shop's gluten-free, dairy-free promise
// checked against the recipes (each item and ingredient that breaks it, and
// the exceptions with their own wording), the items customers must ask
// about (no recipe linked), ingredients without a weight, what each filling
// and add-in puts in a piece, net weights, one item's labels and the label
// settings.
import { Callout, Card, H5, Switch } from '../ui/blueprint';
import { HeadedTable } from '../ui/HeadedTable';
import { QueryStatus } from '../ui/QueryStatus';
import { ExceptionRow, OptionEditor, ProblemRow } from './AllergenRows';
import { ItemLabels } from './ItemLabels';
import { useAllergens } from './useAllergens';
import './allergens.css';

export function AllergensPanel({ role }: { role: string }) {
  const { overview, ingredients, removeException, saveSettings } = useAllergens();
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
              <ExceptionRow
                key={e.productId}
                exception={e}
                onRemove={(productId) => removeException.mutate(productId)}
              />
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
          disabled={role !== 'owner' || saveSettings.isPending}
          onChange={(e) => saveSettings.mutate({ cottageFoodStatement: e.currentTarget.checked })}
        />
        {role !== 'owner' && <p className="muted">Only the owner changes this.</p>}
      </Card>
    </div>
  );
}
