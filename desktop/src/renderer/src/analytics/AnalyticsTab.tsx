// Analytics & Reports: the range's figures, revenue by day and by category
// (each chart with its figures as a table), the Excel exports and the
// margins. The data and the downloads are useAnalytics'.
import { Button, Callout, Card, H5, Spinner } from '../ui/blueprint';
import { AgCharts } from 'ag-charts-react';
import { messageOf } from '../api/client';
import { DollarBarChart, useChartTheme } from '../ui/DollarBarChart';
import type { DateRange } from '../dashboard/range';
import { MarginsPanel } from '../kitchen/MarginsPanel';
import { kitchenRangeFrom } from '../kitchen/shared';
import { BY_CATEGORY, BY_DAY, ChartCard } from './ChartCard';
import { useAnalytics } from './useAnalytics';

export function AnalyticsTab({ range }: { range: DateRange }) {
  const { analytics, busy, save, figures, dayRows, dayBars, categoryRows } = useAnalytics(range);
  const chartTheme = useChartTheme();
  return (
    <div>
      <div className="button-row">
        <Button
          icon="download"
          intent="primary"
          text="Export orders"
          loading={busy === 'orders'}
          onClick={() => void save('orders')}
        />
        <Button
          icon="download"
          text="Export recipes"
          loading={busy === 'recipes'}
          onClick={() => void save('recipes')}
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
              data: analytics.data?.revenueByCategory ?? [],
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
