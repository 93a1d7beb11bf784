// The footer and the order form read the owner's settings (issue 22 part 4):
// once main.tsx puts GET /api/settings in force, the shop's name, phone and
// hours and the form's fees are the owner's.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DEFAULT_SHOP_SETTINGS, resetShopSettings, setShopSettings } from '@bakery/core';
import { createQueryClient } from '../api/client';
import { startTestApi, type TestApi } from '../test/apiServer';
import { Layout } from './Layout';

const signedOut = { status: 401, body: { message: 'Not signed in' } };
let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  resetShopSettings();
});

describe("the owner's settings in the shop", () => {
  it('show in the footer: name, phone and hours per weekday', async () => {
    api = await startTestApi({ 'GET /api/user': signedOut, 'GET /api/admin/me': signedOut });
    setShopSettings({
      ...DEFAULT_SHOP_SETTINGS,
      name: 'Crumbs on Thomasville',
      phone: '(850) 555-0199',
      hours: {
        ...DEFAULT_SHOP_SETTINGS.hours,
        sunday: { open: true, opens: '09:00', closes: '15:00' },
        monday: { open: false, opens: '08:00', closes: '19:00' },
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route element={<Layout />}>
              <Route path="*" element={<p>screen</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('(850) 555-0199')).toBeInTheDocument();
    expect(footer.getByText('Monday: Closed')).toBeInTheDocument();
    expect(footer.getByText('Tuesday to Saturday: 8:00 AM to 7:00 PM')).toBeInTheDocument();
    expect(footer.getByText('Sunday: 9:00 AM to 3:00 PM')).toBeInTheDocument();
    expect(screen.getAllByText(/Crumbs on Thomasville/).length).toBeGreaterThan(0);
  });
});
