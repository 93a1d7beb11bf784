// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { analyticsFigures, type AnalyticsData } from './useAnalytics';

const data: AnalyticsData = {
  averageOrder: 32.63,
  completionRate: 66.66,
  rushOrders: 2,
  todayOrders: 4,
  totalRevenue: 97.89,
  weeklyRevenue: 65.26,
  revenueByDay: [{ date: '2026-11-28', revenue: 97.89, orders: 3 }],
  revenueByCategory: [{ category: 'pies', label: 'Pies', revenue: 40, quantity: 5 }],
} as AnalyticsData;

describe('analyticsFigures', () => {
  it('writes the six figures, the days in words and the categories as the tab shows them', () => {
    const { figures, dayRows, dayBars, categoryRows } = analyticsFigures(data);
    expect(figures).toEqual([
      ['Total Revenue', '$97.89'],
      ['This Week', '$65.26'],
      ['Average Order', '$32.63'],
      ['Completion Rate', '66.7%'],
      ['Rush Orders', '2'],
      ["Today's Orders", '4'],
    ]);
    expect(dayRows).toEqual([['Saturday, November 28, 2026', '$97.89', '3']]);
    expect(dayBars[0]?.day).not.toContain('2026-11-28');
    expect(dayBars[0]).toMatchObject({ date: '2026-11-28', revenue: 97.89 });
    expect(categoryRows).toEqual([['Pies', '$40.00', '5']]);
  });

  it('shows dashes and no rows while loading', () => {
    const { figures, dayRows, dayBars, categoryRows } = analyticsFigures(undefined);
    expect(figures.slice(3).map(([, v]) => v)).toEqual(['—', '—', '—']);
    expect(dayRows).toBeUndefined();
    expect(categoryRows).toBeUndefined();
    expect(dayBars).toEqual([]);
  });
});
