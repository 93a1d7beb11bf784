// The Margins panel's tables (issue 21 split): margin by category (chart and
// table), the items still without a recipe, and the cost of goods per item.
import { Callout, Card, H5, NonIdealState } from '../ui/blueprint';
import { SAME_COST_EVERY_SIZE, type MarginItemView, type MarginsView } from '@bakery/core';
import { canDrawCharts, DollarBarChart } from '../ui/DollarBarChart';
import { HeadedTable } from '../ui/HeadedTable';
import { MarginCells, TableCard, money, percent } from './shared';

const MARGIN_BARS = [
  { yKey: 'cost', yName: 'Cost of goods', stacked: true },
  { yKey: 'margin', yName: 'Margin', stacked: true },
] as const;

/** The items still without a recipe: collapsed, a list of work to do, not the panel's first read (issue 12). */
export function MissingRecipes({ missing }: { missing: MarginsView['missing'] }) {
  if (missing.length === 0)
    return (
      <>
        <H5>Items without a linked recipe (0)</H5>
        <NonIdealState icon="tick" title="Every item has a recipe" />
      </>
    );
  return (
    <details>
      <summary>
        <strong>Items without a linked recipe ({missing.length})</strong>
      </summary>
      <ul aria-label="Items without a linked recipe" className="plain-list scroll-list">
        {missing.map((x) => (
          <li key={`${x.productId}|${x.variantId}`}>
            {x.name}
            {x.variantLabel ? ` (${x.variantLabel})` : ''}{' '}
            <span className="muted">· {x.categoryLabel}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function ItemCosts({ items }: { items: MarginItemView[] }) {
  const costed = items.filter((i) => i.cost !== null);
  return (
    <TableCard
      title="Cost of goods per item"
      columns={['Item', 'Option', 'Category', 'Price', 'Cost', 'Margin', 'Margin %', 'Recipe']}
      before={
        costed.length === 0 ? (
          <NonIdealState
            icon="link"
            title="No item is costed yet"
            description="Link a recipe to a menu item under Recipe Links to see its cost and margin."
          />
        ) : (
          costed.some((i) => i.costWarning) && (
            <Callout intent="warning" role="status">
              {SAME_COST_EVERY_SIZE} The margins marked below may be wrong.
            </Callout>
          )
        )
      }
    >
      {costed.map((i) => (
        <tr key={`${i.productId}|${i.variantId}`}>
          <td>{i.name}</td>
          <td>{i.variantLabel ?? ''}</td>
          <td>{i.categoryLabel}</td>
          <MarginCells {...i} warning={i.costWarning} />
          <td>{i.recipeName}</td>
        </tr>
      ))}
    </TableCard>
  );
}

/** Revenue, cost and margin of each category that sold in the range, as a chart and a table. */
export function CategoryMargins({ byCategory }: { byCategory: MarginsView['byCategory'] }) {
  const sold = byCategory.filter((c) => c.revenue > 0 || c.uncostedRevenue > 0);
  return (
    <Card>
      <H5>Margin by category (pickups in the range)</H5>
      <div className="chart-box" role="img" aria-label="Margin by category chart">
        {sold.length > 0 && canDrawCharts() ? (
          <DollarBarChart data={sold} xKey="label" bars={MARGIN_BARS} />
        ) : (
          <NonIdealState
            icon="timeline-bar-chart"
            title={
              sold.length > 0 ? 'Chart unavailable: see the table below' : 'No sales in this range'
            }
          />
        )}
      </div>
      <HeadedTable
        label="Margin by category"
        striped={false}
        columns={['Category', 'Revenue', 'Cost', 'Margin', 'Margin %', 'Without recipe']}
      >
        {sold.map((c) => (
          <tr key={c.category}>
            <td>{c.label}</td>
            <td>{money(c.revenue)}</td>
            <td>{money(c.cost)}</td>
            <td>{money(c.margin)}</td>
            <td>{percent(c.marginPercent)}</td>
            <td>{money(c.uncostedRevenue)}</td>
          </tr>
        ))}
      </HeadedTable>
    </Card>
  );
}
