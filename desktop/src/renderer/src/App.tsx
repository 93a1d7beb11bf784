import { useCallback, useEffect, useMemo, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, createHashRouter, Navigate, RouterProvider } from 'react-router-dom';
import { BlueprintProvider } from '@blueprintjs/core';
import { AllCommunityModule, ModuleRegistry } from 'ag-grid-community';
import type { BridgeSettings } from '../../shared/bridge';
import { bridge } from './platform/bridge';
import { setApiBase } from './api/client';
import { SettingsContext } from './platform/settingsContext';
import { AdminLoginPage } from './auth/AdminLoginPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { ServerGate } from './platform/ServerGate';
import { NotFoundPage } from './ui/NotFoundPage';

ModuleRegistry.registerModules([AllCommunityModule]);

// Spec 7: cached data never goes stale by itself, no focus refetch, no retry.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

const routes = [
  { path: '/admin/login', element: <AdminLoginPage /> },
  { path: '/admin/dashboard', element: <DashboardPage /> },
  { path: '/admin', element: <Navigate to="/admin/dashboard" replace /> },
  { path: '/', element: <Navigate to="/admin/dashboard" replace /> },
  { path: '*', element: <NotFoundPage /> },
];

export function App() {
  const [settings, setSettings] = useState<BridgeSettings | null>(null);
  const [queryClient] = useState(createQueryClient);
  // The packaged Electron page is a file: URL, where only hash routes work.
  const router = useMemo(
    () =>
      location.protocol === 'file:'
        ? createHashRouter(routes)
        : createBrowserRouter(routes),
    [],
  );

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
          <div className={`app${settings.theme === 'dark' ? ' bp6-dark' : ''}`}>
            <ServerGate>
              <RouterProvider router={router} />
            </ServerGate>
          </div>
        </BlueprintProvider>
      </QueryClientProvider>
    </SettingsContext.Provider>
  );
}
