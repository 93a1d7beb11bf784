import { useCallback, useEffect, useMemo, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './queryClient';
import { createBrowserRouter, createHashRouter, Navigate, RouterProvider } from 'react-router-dom';
import { BlueprintProvider } from './ui/blueprint';
import type { BridgeSettings } from '../../shared/bridge';
import { bridge } from './platform/bridge';
import { setApiBase } from './api/client';
import { SettingsContext } from './platform/settingsContext';
import { AdminLoginPage } from './auth/AdminLoginPage';
import { ServerGate } from './platform/ServerGate';
import { NotFoundPage } from './ui/NotFoundPage';

import { OfflineBanner } from './offline/OfflineBanner';
import { OfflineGate } from './offline/OfflineGate';
// The login screen is in the first download; the dashboard loads when first
// shown (issue 16: /admin/login under 300 KB of compressed JavaScript).
const routes = [
  { path: '/admin/login', element: <AdminLoginPage /> },
  {
    path: '/admin/dashboard',
    // AG Grid's modules are registered with the dashboard, never for the login.
    lazy: async () => {
      const [page] = await Promise.all([
        import('./dashboard/DashboardPage'),
        import('./ui/agGrid'),
      ]);
      return { Component: page.DashboardPage };
    },
  },
  { path: '/admin', element: <Navigate to="/admin/dashboard" replace /> },
  { path: '/', element: <Navigate to="/admin/dashboard" replace /> },
  { path: '*', element: <NotFoundPage /> },
];

export function App() {
  const [settings, setSettings] = useState<BridgeSettings | null>(null);
  const [queryClient] = useState(createQueryClient);
  // The packaged Electron page is a file: URL, where only hash routes work.
  const router = useMemo(
    () => (location.protocol === 'file:' ? createHashRouter(routes) : createBrowserRouter(routes)),
    [],
  );

  // Dialogs and toasts render in portals under <body>, so the theme goes there:
  // Blueprint reads the bp6-dark class, AG Grid's theme the data attribute.
  const dark = settings?.theme === 'dark';
  useEffect(() => {
    document.body.classList.toggle('bp6-dark', dark);
    document.body.dataset.agThemeMode = dark ? 'dark' : 'light';
  }, [dark]);

  useEffect(() => {
    void bridge.getSettings().then((s) => {
      setApiBase(s.serverUrl);
      setSettings(s);
    });
  }, []);

  const update = useCallback(
    async (patch: Partial<Pick<BridgeSettings, 'serverUrl' | 'theme'>>) => {
      const next = await bridge.setSettings(patch);
      setApiBase(next.serverUrl);
      setSettings(next);
      if (patch.serverUrl !== undefined) queryClient.clear();
    },
    [queryClient],
  );

  if (!settings) return <div className="app" aria-busy="true" />;
  return (
    <SettingsContext.Provider value={{ settings, update }}>
      <QueryClientProvider client={queryClient}>
        <BlueprintProvider>
          <div className="app">
            <OfflineBanner />
            <ServerGate>
              <OfflineGate>
                <RouterProvider router={router} />
              </OfflineGate>
            </ServerGate>
          </div>
        </BlueprintProvider>
      </QueryClientProvider>
    </SettingsContext.Provider>
  );
}
