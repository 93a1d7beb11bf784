// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatsView } from '@bakery/core';
import { ApiError } from '../api/client';
import { QualityMetrics, StatCards } from './StatCards';

afterEach(cleanup);

const stats = {
  totalOrders: 8,
  pendingOrders: 3,
  completedOrders: 4,
  totalRevenue: 1234.5,
  openPaymentAmount: 96.26,
  todayOrders: 2,
  weeklyRevenue: 310,
} as StatsView;

const value = (label: string) =>
  screen.getByTestId(`stat-${label}`).querySelector('.value')?.textContent;

describe('the seven stat cards', () => {
  it('show each figure of the stats answer, money in dollars', () => {
    render(<StatCards stats={stats} loading={false} error={null} />);
    const shown: [label: string, figure: string][] = [
      ['Total Orders', '8'],
      ['Pending', '3'],
      ['Completed', '4'],
      ['Total Revenue', '$1,234.50'],
      ['Open Payments', '$96.26'],
      ["Today's Orders", '2'],
      ["This Week's Revenue", '$310.00'],
    ];
    for (const [label, figure] of shown) expect(value(label)).toBe(figure);
    expect(screen.getAllByTestId(/^stat-/)).toHaveLength(7);
  });

  it('keep their place while loading (no layout jump) and show the fetch failure', () => {
    render(<StatCards stats={undefined} loading error={null} />);
    expect(screen.getAllByTestId(/^stat-/)).toHaveLength(7);
    cleanup();
    render(<StatCards stats={undefined} loading={false} error={new ApiError(500, 'boom')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch stats');
    cleanup();
    render(
      <StatCards
        stats={undefined}
        loading={false}
        error={
          new ApiError(
            400,
            JSON.stringify({ message: 'The start date must not be after the end date' }),
          )
        }
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The start date must not be after the end date',
    );
  });
});

describe('the quality-metrics block', () => {
  it('computes the accuracy rate as completed / total and shows the fixed figures with targets', () => {
    render(<QualityMetrics stats={stats} />);
    const metric = (label: string) => screen.getByTestId(`metric-${label}`).textContent;
    expect(metric('Order Accuracy Rate')).toContain('50.0%');
    expect(metric('Order Accuracy Rate')).toContain('Target: 99.9%');
    expect(metric('Average Processing Time')).toContain('under 1h');
    expect(metric('Average Processing Time')).toContain('Target: 2h max');
    expect(metric('Data Sync Rate')).toContain('99.8%');
    // Issue 38: the fixed figures say they are not measured.
    expect(screen.getByTestId('metrics-note')).toHaveTextContent(
      'Average Processing Time, Data Sync Rate and Defect Rate are fixed figures from the product specification, not measured.',
    );
    expect(metric('Defect Rate')).toContain('0.00');
  });

  it('shows a dash, not NaN, without orders', () => {
    render(<QualityMetrics stats={{ ...stats, totalOrders: 0, completedOrders: 0 }} />);
    expect(screen.getByTestId('metric-Order Accuracy Rate').textContent).not.toContain('NaN');
  });
});
