// Each dashboard tab is its own chunk, loaded when the tab is first opened
// (issue 16): the dashboard's first download holds the header, stat cards and
// tab strip only, and AG Grid / AG Charts load with the tabs that use them.
// The components keep the names and props of the modules they stand for.
import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { DateRange } from './range';

/** Loads a tab module; with `grid`, AG Grid's modules are registered first. */
function lazyTab<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { grid }: { grid: boolean },
) {
  const Lazy = lazy(async () => {
    if (grid) await import('../ui/agGrid');
    return { default: await load() };
  });
  function LazyTab(props: P) {
    return (
      <Suspense fallback={<Spinner aria-label="Loading" className="tab-loading" />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyTab;
}

export const OrdersRoot = lazyTab<{ placed: DateRange; clearPlaced(): void }>(
  () => import('../orders/OrdersRoot').then((m) => m.OrdersRoot),
  { grid: true },
);
export const RecipesTab = lazyTab<object>(
  () => import('../recipes/RecipesTab').then((m) => m.RecipesTab),
  { grid: true },
);
export const UsersTab = lazyTab<{ role: string }>(
  () => import('../users/UsersTab').then((m) => m.UsersTab),
  { grid: false },
);
export const ReviewsTab = lazyTab<object>(
  () => import('../reviews/ReviewsTab').then((m) => m.ReviewsTab),
  { grid: false },
);
export const AnalyticsTab = lazyTab<{ range: DateRange }>(
  () => import('../analytics/AnalyticsTab').then((m) => m.AnalyticsTab),
  { grid: true },
);
export const KitchenTab = lazyTab<{ range: DateRange; role: string }>(
  () => import('../kitchen/KitchenTab').then((m) => m.KitchenTab),
  { grid: true },
);

/** The Excel exports of the menu commands, loading the analytics module on first use. */
export async function exportWorkbook(
  ...args: Parameters<typeof import('../analytics/AnalyticsTab').exportWorkbook>
) {
  const { exportWorkbook: run } = await import('../analytics/AnalyticsTab');
  return run(...args);
}
