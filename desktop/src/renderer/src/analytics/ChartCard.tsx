// A chart of the Analytics tab in its card, with its figures as a table for
// screen readers; the two charts' titles, icons and columns.
import type { ReactNode } from 'react';
import type { IconName } from '../ui/blueprint';
import { Card, H5, NonIdealState } from '../ui/blueprint';
import { TableHead } from '../ui/TableHead';
import { canDrawCharts } from '../ui/DollarBarChart';

export const BY_DAY = {
  title: 'Revenue by day',
  icon: 'timeline-bar-chart',
  head: ['Day', 'Revenue', 'Orders'],
} satisfies ChartSpec;
export const BY_CATEGORY = {
  title: 'Revenue by category',
  icon: 'pie-chart',
  head: ['Category', 'Revenue', 'Quantity sold'],
} satisfies ChartSpec;
type ChartSpec = { title: string; icon: IconName; head: string[] };

/**
 * A chart with its figures as a table for screen readers (the canvas says
 * nothing); while loading or with no figures, a placeholder instead.
 */
export function ChartCard({
  chart: { title, icon, head },
  rows,
  children,
}: {
  chart: ChartSpec;
  /** Undefined while loading. */
  rows: string[][] | undefined;
  children: ReactNode;
}) {
  const drawn = canDrawCharts();
  return (
    <Card>
      <H5>{title}</H5>
      {rows && (
        // The figures for screen readers; shown instead of the chart where no canvas can draw it.
        <table className={drawn ? 'sr-only' : 'bp6-html-table'}>
          <caption>{title}</caption>
          <TableHead columns={head} />
          <tbody>
            {rows.map((r) => (
              <tr key={r[0]}>
                {r.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows?.length ? (
        drawn && (
          <div className="chart-box" aria-hidden="true">
            {children}
          </div>
        )
      ) : (
        <div className="chart-box" aria-hidden="true">
          <NonIdealState icon={icon} title={rows ? 'No revenue in this range' : 'Loading…'} />
        </div>
      )}
    </Card>
  );
}
