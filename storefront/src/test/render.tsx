// Renders a screen the way the app does: the real QueryClient of spec section 7,
// a router at the given address, and the one toast region.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createQueryClient } from '../api/client';
import Toaster from '../components/Toast';

/** Shows where the router is, so tests can assert redirects. */
function LocationProbe() {
  const { pathname, hash } = useLocation();
  return <output data-testid="location">{pathname + hash}</output>;
}

export function renderScreen(
  ui: ReactElement,
  {
    at = '/',
    path = '*',
    client,
    toaster = true,
  }: { at?: string; path?: string; client?: QueryClient; toaster?: boolean } = {},
) {
  const queryClient = client ?? createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={ui} />
          {path !== '*' && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
        {toaster && <Toaster />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
