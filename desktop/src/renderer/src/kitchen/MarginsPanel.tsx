// Cost of goods and margins: per item and variant (price, cost, margin $ and
// %), the items still without a recipe, and margin by category for the range.
import { useState } from 'react';
import { Callout, Card, H5, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { AgCharts } from 'ag-charts-react';
import {
  AllCommunityModule as ChartModules,
  ModuleRegistry as ChartRegistry,
} from 'ag-charts-community';
import type { MarginsView } from '@bakery/core';
import { api, messageOf } from '../api/client';
import { useSettings } from '../platform/settingsContext';
import { KitchenRangeBar, money, percent, rangeParams, type KitchenRangeValue } from './shared';

ChartRegistry.registerModules([ChartModules]);

let canvasWorks: boolean | undefined;
/** AG Charts draws on a 2D canvas; where there is none (a locked-down or headless DOM) the table below the chart still tells it all. */
function canDrawCharts(): boolean {
  if (canvasWorks === undefined) {
    try {
      canvasWorks =
        typeof document !== 'undefined' &&
        Boolean(document.createElement('canvas').getContext('2d'));
    } catch {
      canvasWorks = false;
    }
  }
  return canvasWorks;
}

export function MarginsPanel({ initialRange }: { initialRange: KitchenRangeValue }) {
  const [range, setRange] = useState(initialRange);
  const chartTheme = useSettings().settings.theme === 'dark' ? 'ag-default-dark' : 'ag-default';
  const margins = useQuery({
    queryKey: ['/api/admin/kitchen/margins', range.fromDate, range.toDate],
    queryFn: () => api<MarginsView>(`/api/admin/kitchen/margins${rangeParams(range)}`),
    placeholderData: (prev) => prev,
  });
  const m = margins.data;
  const sold = m?.byCategory.filter((c) => c.revenue > 0 || c.uncostedRevenue > 0) ?? [];
  return (
    <div>
      <KitchenRangeBar id="margin-range" value={range} onChange={setRange} />
      {margins.error && (
        <Callout intent="danger">{messageOf(margins.error, 'Failed to load margins')}</Callout>
      )}
      {margins.isLoading && <Spinner aria-label="Loading margins" />}
      {m && (
        <>
          <div className="two-col">
            <Card>
              <H5>Margin by category (pickups in the range)</H5>
              <div className="chart-box" role="img" aria-label="Margin by category chart">
                {sold.length > 0 && canDrawCharts() ? (
                  <AgCharts
                    options={{
                      theme: chartTheme,
                      data: sold,
                      series: [
                        {
                          type: 'bar',
                          xKey: 'label',
                          yKey: 'cost',
                          yName: 'Cost of goods',
                          stacked: true,
                        },
                        {
                          type: 'bar',
                          xKey: 'label',
                          yKey: 'margin',
                          yName: 'Margin',
                          stacked: true,
                        },
                      ],
                      axes: {
                        x: { type: 'category', position: 'bottom' },
                        y: {
                          type: 'number',
                          position: 'left',
                          label: { formatter: (p: { value: number }) => `$${p.value}` },
                        },
                      },
                      background: { visible: false },
                    }}
                  />
                ) : (
                  <NonIdealState
                    icon="timeline-bar-chart"
                    title={
                      sold.length > 0
                        ? 'Chart unavailable: see the table below'
                        : 'No sales in this range'
                    }
                  />
                )}
              </div>
              <HTMLTable compact aria-label="Margin by category" style={{ width: '100%' }}>
                <thead>
                  <tr>
                    <th scope="col">Category</th>
                    <th scope="col">Revenue</th>
                    <th scope="col">Cost</th>
                    <th scope="col">Margin</th>
                    <th scope="col">Margin %</th>
                    <th scope="col">Without recipe</th>
                  </tr>
                </thead>
                <tbody>
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
                </tbody>
              </HTMLTable>
            </Card>
            <Card>
              {m.missing.length === 0 ? (
                <>
                  <H5>Items without a linked recipe (0)</H5>
                  <NonIdealState icon="tick" title="Every item has a recipe" />
                </>
              ) : (
                // Collapsed: a long list of work to do, not the panel's first read (issue 12).
                <details>
                  <summary>
                    <strong>Items without a linked recipe ({m.missing.length})</strong>
                  </summary>
                  <ul aria-label="Items without a linked recipe" className="plain-list scroll-list">
                    {m.missing.map((x) => (
                      <li key={`${x.productId}|${x.variantId}`}>
                        {x.name}
                        {x.variantLabel ? ` (${x.variantLabel})` : ''}{' '}
                        <span className="muted">· {x.categoryLabel}</span>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </Card>
          </div>
          <Card>
            <H5>Cost of goods per item</H5>
            <HTMLTable
              compact
              striped
              aria-label="Cost of goods per item"
              style={{ width: '100%' }}
            >
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Option</th>
                  <th scope="col">Category</th>
                  <th scope="col">Price</th>
                  <th scope="col">Cost</th>
                  <th scope="col">Margin</th>
                  <th scope="col">Margin %</th>
                  <th scope="col">Recipe</th>
                </tr>
              </thead>
              <tbody>
                {m.items
                  .filter((i) => i.cost !== null)
                  .map((i) => (
                    <tr key={`${i.productId}|${i.variantId}`}>
                      <td>{i.name}</td>
                      <td>{i.variantLabel ?? ''}</td>
                      <td>{i.categoryLabel}</td>
                      <td>{money(i.price)}</td>
                      <td>{money(i.cost)}</td>
                      <td>{money(i.margin)}</td>
                      <td>{percent(i.marginPercent)}</td>
                      <td>{i.recipeName}</td>
                    </tr>
                  ))}
              </tbody>
            </HTMLTable>
          </Card>
        </>
      )}
    </div>
  );
}
