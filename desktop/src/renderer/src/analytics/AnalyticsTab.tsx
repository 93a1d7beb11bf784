import { useState, type ReactNode } from 'react';
import type { IconName } from '../ui/blueprint';
import { Button, Callout, Card, H5, NonIdealState, Spinner } from '../ui/blueprint';
import { TableHead } from '../ui/TableHead';
import { useQuery } from '@tanstack/react-query';
import { AgCharts } from 'ag-charts-react';
import {
  formatDayInWords,
  formatDollars,
  formatShortDay,
  ROUTES,
  type AnalyticsView,
} from '@bakery/core';
import { client, messageOf } from '../api/client';
import { downloadFile } from '../api/downloadFile';
import { toast } from '../ui/toaster';
import { canDrawCharts, DollarBarChart, useChartTheme } from '../ui/DollarBarChart';
import type { DateRange } from '../dashboard/range';
import { MarginsPanel } from '../kitchen/MarginsPanel';
import { kitchenRangeFrom } from '../kitchen/shared';

/** The answer of GET /api/admin/analytics: core's wire type, declared once. */
export type AnalyticsData = AnalyticsView;

const money = (d: number | undefined) => formatDollars(d);

/** Fetches a workbook from the API and hands it to the host to save. */
export async function exportWorkbook(
  kind: 'orders' | 'recipes',
  range: DateRange,
): Promise<boolean> {
  try {
    const res =
      kind === 'orders'
        ? await downloadFile(ROUTES.ordersWorkbook, { query: { ...range } })
        : await downloadFile(ROUTES.recipesWorkbook);
    if (res.saved)
      toast(
        'Export ready',
        res.path
          ? `Saved to ${res.path}`
          : `${kind === 'orders' ? 'Orders' : 'Recipes'} workbook downloaded`,
        'success',
      );
    return res.saved;
  } catch (err) {
    toast('Export Failed', messageOf(err, `Failed to export ${kind}`));
    return false;
  }
}

export function AnalyticsTab({ range }: { range: DateRange }) {
  const analytics = useQuery({
    queryKey: [ROUTES.analytics.path, range.fromDate, range.toDate],
    queryFn: () => client.call(ROUTES.analytics, { query: { ...range } }),
    placeholderData: (prev) => prev,
  });
  const [busy, setBusy] = useState<null | 'orders' | 'recipes'>(null);
  const chartTheme = useChartTheme();
  const run = async (kind: 'orders' | 'recipes') => {
    setBusy(kind);
    await exportWorkbook(kind, range);
    setBusy(null);
  };
  const a = analytics.data;
  // Days in words, never "2026-11-28": in full in the table, briefly on the chart's axis.
  const dayRows = a?.revenueByDay.map((d) => [
    formatDayInWords(d.date),
    money(d.revenue),
    String(d.orders),
  ]);
  const dayBars = (a?.revenueByDay ?? []).map((d) => ({ ...d, day: formatShortDay(d.date) }));
  const categoryRows = a?.revenueByCategory.map((c) => [
    c.label,
    money(c.revenue),
    String(c.quantity),
  ]);
  const figures: [string, string][] = [
    ['Total Revenue', money(a?.totalRevenue)],
    ['This Week', money(a?.weeklyRevenue)],
    ['Average Order', money(a?.averageOrder)],
    ['Completion Rate', a ? `${Number(a.completionRate).toFixed(1)}%` : '—'],
    ['Rush Orders', a ? String(a.rushOrders) : '—'],
    ["Today's Orders", a ? String(a.todayOrders) : '—'],
  ];
  return (
    <div>
      <div className="button-row">
        <Button
          icon="download"
          intent="primary"
          text="Export orders"
          loading={busy === 'orders'}
          onClick={() => void run('orders')}
        />
        <Button
          icon="download"
          text="Export recipes"
          loading={busy === 'recipes'}
          onClick={() => void run('recipes')}
        />
      </div>
      {analytics.error && (
        <Callout intent="danger">{messageOf(analytics.error, 'Failed to fetch stats')}</Callout>
      )}
      <div className="stat-grid" style={{ gridTemplateColumns: 'repeat(6, 1fr)' }}>
        {figures.map(([l, v]) => (
          <Card key={l} className="stat-card" data-testid={`analytics-${l}`}>
            <div className="label">{l}</div>
            <div className="value">{analytics.isLoading ? <Spinner size={16} /> : v}</div>
          </Card>
        ))}
      </div>
      <div className="two-col">
        <ChartCard chart={BY_DAY} rows={dayRows}>
          <DollarBarChart
            data={dayBars}
            xKey="day"
            bars={[{ yKey: 'revenue', yName: 'Revenue' }]}
          />
        </ChartCard>
        <ChartCard chart={BY_CATEGORY} rows={categoryRows}>
          <AgCharts
            options={{
              theme: chartTheme,
              data: a?.revenueByCategory ?? [],
              series: [
                {
                  type: 'donut',
                  angleKey: 'revenue',
                  calloutLabelKey: 'label',
                  legendItemKey: 'label',
                },
              ],
              background: { visible: false },
            }}
          />
        </ChartCard>
      </div>
      <Card>
        <H5>Margins</H5>
        <MarginsPanel initialRange={kitchenRangeFrom(range)} />
      </Card>
    </div>
  );
}

const BY_DAY = {
  title: 'Revenue by day',
  icon: 'timeline-bar-chart',
  head: ['Day', 'Revenue', 'Orders'],
} satisfies ChartSpec;
const BY_CATEGORY = {
  title: 'Revenue by category',
  icon: 'pie-chart',
  head: ['Category', 'Revenue', 'Quantity sold'],
} satisfies ChartSpec;
type ChartSpec = { title: string; icon: IconName; head: string[] };

/**
 * A chart with its figures as a table for screen readers (the canvas says
 * nothing); while loading or with no figures, a placeholder instead.
 */
function ChartCard({
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
