// The dashboard's data (issue 40 split): the end of the session (a 401 from
// any call, or "Sign out"), the shop's settings and published menu that core
// follows, the Overview's statistics, and the app menu's commands (tabs,
// reload, the Excel exports, the server settings).
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES, setCatalogue, setShopSettings, type CatalogueSnapshot } from '@bakery/core';
import type { MenuCommand } from '../../../shared/bridge';
import { client as apiClient, setUnauthorizedHandler } from '../api/client';
import { loginAfterExpiry } from '../auth/AdminLoginPage';
import { bridge } from '../platform/bridge';
import { PUBLIC_SETTINGS_KEY } from '../settings/publicSettings';
import { toast } from '../ui/toaster';
import { exportWorkbook } from './lazyTabs';
import type { DateRange } from './range';

/** What the app menu's commands do on the dashboard. */
export interface MenuCommandHandlers {
  /** `tab:<id>`: that tab. */
  tab(id: string): void;
  reload(): void;
  /** `export:orders`, `export:recipes`: the workbook for the range. */
  export(kind: 'orders' | 'recipes'): void;
  settings(): void;
}

/** Runs one of the app menu's commands. */
export function runMenuCommand(command: MenuCommand, on: MenuCommandHandlers): void {
  if (command.startsWith('tab:')) on.tab(command.slice(4));
  else if (command === 'reload') on.reload();
  else if (command === 'export:orders') on.export('orders');
  else if (command === 'export:recipes') on.export('recipes');
  else if (command === 'settings') on.settings();
}

export function useDashboard({
  range,
  overview,
  openTab,
  openServerSettings,
}: {
  range: DateRange;
  /** The Overview tab is open: its statistics are read. */
  overview: boolean;
  openTab(id: string): void;
  openServerSettings(): void;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = location.pathname + location.search;
  });

  const signOut = async () => {
    try {
      await apiClient.call(ROUTES.logout, { body: {} });
    } catch {
      toast('Error', 'Failed to log out');
      return;
    }
    // Nothing of the signed-in session stays cached.
    client.clear();
    void navigate('/admin/login', { replace: true });
  };
  const refresh = () => void client.invalidateQueries();

  // A 401 from any call means the session ended: back to the login page with
  // a message, and back here (same URL) after signing in.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setUnauthorizedHandler(null);
      client.clear();
      void navigate(loginAfterExpiry(here.current), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [client, navigate]);

  // The shop's settings (issue 22): the order paper, the counter's pickup
  // slots and the fees shown read core, which follows them once loaded.
  useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    queryFn: async () => setShopSettings(await apiClient.call(ROUTES.settings)),
    staleTime: 5 * 60_000,
  });

  // The published menu (issue 22): recipe links, allergens, drops and the
  // order paper name items from core's live catalogue, which follows it.
  useQuery({
    queryKey: [ROUTES.menu.path, 'catalogue'],
    queryFn: async () => {
      const menu = await apiClient.call(ROUTES.menu);
      setCatalogue(menu as unknown as CatalogueSnapshot);
      return menu.version ?? 1;
    },
    staleTime: 60_000,
  });

  // Spec 7: the stats are fetched fresh each time, with one retry.
  const stats = useQuery({
    queryKey: [ROUTES.stats.path, range.fromDate, range.toDate],
    queryFn: () => apiClient.call(ROUTES.stats, { query: { ...range } }),
    staleTime: 0,
    retry: 1,
    placeholderData: (prev) => prev,
    enabled: overview,
  });

  // The menu's commands act on the latest range and tab setter.
  const latest = useRef({ range, openTab, openServerSettings });
  useEffect(() => {
    latest.current = { range, openTab, openServerSettings };
  });
  useEffect(
    () =>
      bridge.onMenuCommand((command: MenuCommand) =>
        runMenuCommand(command, {
          tab: (id) => latest.current.openTab(id),
          reload: () => void client.invalidateQueries(),
          export: (kind) => void exportWorkbook(kind, latest.current.range),
          settings: () => latest.current.openServerSettings(),
        }),
      ),
    [client],
  );

  return { stats, signOut, refresh };
}
