// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SHOP_SETTINGS,
  resetShopSettings,
  RUSH_FEE_CENTS,
  type ShopSettings,
} from '@bakery/core';
import { renderScreen, stubFetch } from '../test/harness';
import { SettingsTab } from './SettingsTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetShopSettings();
});

const view = (settings: ShopSettings = DEFAULT_SHOP_SETTINGS) => ({
  settings,
  updatedAt: null,
  updatedBy: null,
});

describe('Settings (owner)', () => {
  it('shows the stored settings and saves a new rush fee, tax rate and Sunday hours', async () => {
    const calls = stubFetch({
      'GET /api/admin/settings': () => [200, view()],
      'PUT /api/admin/settings': (call) => [
        200,
        { settings: call.body, updatedAt: '2026-11-26T15:00:00.000Z', updatedBy: 'owner@x.com' },
      ],
    });
    renderScreen(<SettingsTab />);
    expect(await screen.findByLabelText('Shop name')).toHaveValue('Sprinkles & Crumbs Bakery');
    expect(screen.getByLabelText('Rush fee ($)')).toHaveValue('10.00');
    expect(screen.getByLabelText('Tax rate (%)')).toHaveValue('8.75');
    expect(screen.getByLabelText('Customer changes close (hours before pickup)')).toHaveValue('48');
    fireEvent.change(screen.getByLabelText('Rush fee ($)'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('Tax rate (%)'), { target: { value: '7.5' } });
    fireEvent.change(screen.getByLabelText('Sunday opens'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('Sunday closes'), { target: { value: '15:00' } });
    fireEvent.click(screen.getByLabelText('Open on Monday'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')!.body as ShopSettings;
    expect(sent.rushFeeCents).toBe(1500);
    expect(sent.taxRatePercent).toBe(7.5);
    expect(sent.hours.sunday).toEqual({ open: true, opens: '09:00', closes: '15:00' });
    expect(sent.hours.monday.open).toBe(false);
    expect(await screen.findByText(/Last saved .* by owner@x\.com/)).toBeInTheDocument();
    // In force in this window: the order paper and the counter read core.
    expect(RUSH_FEE_CENTS).toBe(1500);
  });

  it('saves the delivery fee by ZIP code, one per line (issue 38)', async () => {
    const calls = stubFetch({
      'GET /api/admin/settings': () => [200, view()],
      'PUT /api/admin/settings': (call) => [
        200,
        { settings: call.body, updatedAt: '2026-11-26T15:00:00.000Z', updatedBy: 'owner@x.com' },
      ],
    });
    renderScreen(<SettingsTab />);
    fireEvent.change(await screen.findByLabelText('Delivery fee by ZIP code'), {
      target: { value: '32301 5.00\n32303 $7.5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')!.body as ShopSettings;
    expect(sent.deliveryFees).toEqual([
      { zip: '32301', feeCents: 500 },
      { zip: '32303', feeCents: 750 },
    ]);
  });

  it('lets quick sales take units from today’s capacity (issue 42), off until she says so', async () => {
    const calls = stubFetch({
      'GET /api/admin/settings': () => [200, view()],
      'PUT /api/admin/settings': (call) => [
        200,
        { settings: call.body, updatedAt: '2026-11-26T15:00:00.000Z', updatedBy: 'owner@x.com' },
      ],
    });
    renderScreen(<SettingsTab />);
    const toggle = await screen.findByLabelText('Quick sales take units from today’s capacity');
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')!.body as ShopSettings;
    expect(sent.quickSalesUseCapacity).toBe(true);
    await waitFor(() =>
      expect(screen.getByLabelText('Quick sales take units from today’s capacity')).toBeChecked(),
    );
  });

  it('saves against a server that does not know the switch yet: it takes its default', async () => {
    const older: Partial<ShopSettings> = { ...DEFAULT_SHOP_SETTINGS };
    delete older.quickSalesUseCapacity;
    const calls = stubFetch({
      'GET /api/admin/settings': () => [200, view(older as ShopSettings)],
      'PUT /api/admin/settings': (call) => [
        200,
        { settings: call.body, updatedAt: '2026-11-26T15:00:00.000Z', updatedBy: 'owner@x.com' },
      ],
    });
    renderScreen(<SettingsTab />);
    fireEvent.change(await screen.findByLabelText('Rush fee ($)'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')!.body as ShopSettings;
    expect(sent).toMatchObject({ rushFeeCents: 1200, quickSalesUseCapacity: false });
  });

  it('says what is wrong before sending, field by field', async () => {
    const calls = stubFetch({ 'GET /api/admin/settings': () => [200, view()] });
    renderScreen(<SettingsTab />);
    fireEvent.change(await screen.findByLabelText('Tax rate (%)'), { target: { value: '-1' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555' } });
    fireEvent.change(screen.getByLabelText('Sunday closes'), { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Please correct these settings');
    const summary = screen.getAllByRole('alert')[0]!;
    expect(summary).toHaveTextContent('Please correct these settings');
    expect(within(summary).getByText('Tax rate cannot be negative')).toBeInTheDocument();
    expect(within(summary).getByText('Phone must be written (XXX) XXX-XXXX')).toBeInTheDocument();
    expect(
      within(summary).getByText('Closing time must be at least 30 minutes after opening time'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal by field", async () => {
    stubFetch({
      'GET /api/admin/settings': () => [200, view()],
      'PUT /api/admin/settings': () => [
        400,
        {
          code: 'validation_failed',
          message: 'Website must start with https://',
          errors: [{ path: 'website', message: 'Website must start with https://' }],
        },
      ],
    });
    renderScreen(<SettingsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Please correct these settings')).toBeInTheDocument();
    expect(screen.getAllByText('Website must start with https://').length).toBeGreaterThan(0);
  });
});
