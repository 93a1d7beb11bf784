// The Analytics tab's data (issue 40 split): the figures for the placed-date
// range, as the tab shows them (money, days in words), and the Excel
// workbooks (also the menu's export commands, through dashboard/lazyTabs).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
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
import type { DateRange } from '../dashboard/range';

/** The answer of GET /api/admin/analytics: core's wire type, declared once. */
export type AnalyticsData = AnalyticsView;

type Workbook = 'orders' | 'recipes';

const money = (d: number | undefined) => formatDollars(d);

/** Fetches a workbook from the API and hands it to the host to save. */
export async function exportWorkbook(kind: Workbook, range: DateRange): Promise<boolean> {
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

/**
 * What the tab shows of `a` (undefined while loading): the six figures
 * ("—" until known), and each chart's rows as text (days in words, never
 * "2026-11-28"; undefined while loading) with the bars of the chart by day.
 */
export function analyticsFigures(a: AnalyticsData | undefined) {
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
  return { figures, dayRows, dayBars, categoryRows };
}

/** The range's analytics, and the workbook being saved (`busy`) with `save` to start one. */
export function useAnalytics(range: DateRange) {
  const analytics = useQuery({
    queryKey: [ROUTES.analytics.path, range.fromDate, range.toDate],
    queryFn: () => client.call(ROUTES.analytics, { query: { ...range } }),
    placeholderData: (prev) => prev,
  });
  const [busy, setBusy] = useState<null | Workbook>(null);
  const save = async (kind: Workbook) => {
    setBusy(kind);
    await exportWorkbook(kind, range);
    setBusy(null);
  };
  return { analytics, busy, save, ...analyticsFigures(analytics.data) };
}
