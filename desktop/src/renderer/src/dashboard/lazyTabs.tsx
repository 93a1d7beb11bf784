// Each dashboard tab is its own chunk, loaded when the tab is first opened
// (issue 16): the dashboard's first download holds the header, stat cards and
// tab strip only, and AG Grid / AG Charts load with the tabs that use them.
// The components keep the names and props of the modules they stand for.
import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../ui/blueprint';

const GRID = { grid: true };
const PLAIN = { grid: false };

/** Loads `name` from a tab module; with `grid`, AG Grid's modules are registered first. */
function lazyTab<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  { grid }: { grid: boolean },
) {
  type P = M[K] extends ComponentType<infer Props> ? Props & object : never;
  const Lazy = lazy(async () => {
    if (grid) await import('../ui/agGrid');
    return { default: (await load())[name] as ComponentType<P> };
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

export const OrdersRoot = lazyTab(() => import('../orders/OrdersRoot'), 'OrdersRoot', GRID);
export const RecipesTab = lazyTab(() => import('../recipes/RecipesTab'), 'RecipesTab', GRID);
export const UsersTab = lazyTab(() => import('../users/UsersTab'), 'UsersTab', PLAIN);
export const ReviewsTab = lazyTab(() => import('../reviews/ReviewsTab'), 'ReviewsTab', PLAIN);
export const AnalyticsTab = lazyTab(
  () => import('../analytics/AnalyticsTab'),
  'AnalyticsTab',
  GRID,
);
export const KitchenTab = lazyTab(() => import('../kitchen/KitchenTab'), 'KitchenTab', GRID);
export const SettingsTab = lazyTab(() => import('../settings/SettingsTab'), 'SettingsTab', PLAIN);
export const MenuTab = lazyTab(() => import('../menu/MenuTab'), 'MenuTab', GRID);

/** The Excel exports of the menu commands, loading the analytics module on first use. */
export async function exportWorkbook(
  ...args: Parameters<typeof import('../analytics/useAnalytics').exportWorkbook>
) {
  const { exportWorkbook: run } = await import('../analytics/useAnalytics');
  return run(...args);
}
