// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IntegrationsView } from '@bakery/core';
import { renderScreen, stubFetch } from '../test/harness';
import { ConnectionsPanel } from './ConnectionsPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = { secretEnding: null, updatedAt: null, updatedBy: null };
const none: IntegrationsView = {
  square: {
    ...base,
    source: 'none',
    connected: false,
    summary: 'Not connected',
    environment: null,
    locationId: null,
    terminalDeviceId: null,
    terminalSource: 'none',
    webhookUrl: 'https://shop.example.com/api/square/webhook',
    webhookKey: 'none',
  },
  mail: {
    ...base,
    source: 'environment',
    connected: true,
    summary:
      "Set by the server's environment variables, which win over Settings: change them there.",
    host: 'smtp.example.com',
    port: 587,
    secure: false,
    user: null,
    from: 'shop@example.com',
  },
  sms: {
    ...base,
    source: 'none',
    connected: false,
    summary: 'Not connected',
    accountSid: null,
    from: null,
  },
};

describe('Settings → Connections (owner)', () => {
  it('tests Square with what she typed, then saves it and the Terminal with her password', async () => {
    const calls = stubFetch({
      'GET /api/admin/integrations': () => [200, none],
      'POST /api/admin/integrations/square/test': () => [
        200,
        { ok: true, message: 'Square answered: location "Main Street Bakery" (sandbox).' },
      ],
      'PUT /api/admin/integrations/square': () => [
        200,
        {
          ...none,
          square: {
            ...none.square,
            source: 'settings',
            connected: true,
            secretEnding: '1234',
            summary: 'Connected, token ends in …1234',
          },
        },
      ],
    });
    renderScreen(<ConnectionsPanel />);
    const square = await screen.findByRole('region', { name: 'Card payments (Square)' });
    fireEvent.change(within(square).getByLabelText('Access token'), {
      target: { value: 'EAAAsecret1234' },
    });
    fireEvent.change(within(square).getByLabelText('Location ID'), { target: { value: 'LMAIN' } });
    fireEvent.change(within(square).getByLabelText('Terminal device ID'), {
      target: { value: 'device:995CS397A6475287' },
    });
    // The card names the URL to register with Square for its webhook.
    expect(
      within(square).getByText(
        /payment\.updated to https:\/\/shop\.example\.com\/api\/square\/webhook/,
      ),
    ).toBeInTheDocument();
    fireEvent.change(within(square).getByLabelText('Webhook signature key'), {
      target: { value: 'whsig-key-5678' },
    });
    fireEvent.click(within(square).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(square).findByText('Square answered: location "Main Street Bakery" (sandbox).'),
    ).toBeInTheDocument();
    fireEvent.change(within(square).getByLabelText('Your password or an authenticator code'), {
      target: { value: 'my password' },
    });
    fireEvent.click(within(square).getByRole('button', { name: 'Save' }));
    expect(await within(square).findByText('Connected, token ends in …1234')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      accessToken: 'EAAAsecret1234',
      locationId: 'LMAIN',
      environment: 'sandbox',
      terminalDeviceId: 'device:995CS397A6475287',
      webhookSignatureKey: 'whsig-key-5678',
      confirm: 'my password',
    });
    // The secret fields are empty again: a secret is never shown back.
    await waitFor(() => expect(within(square).getByLabelText('Access token')).toHaveValue(''));
    expect(within(square).getByLabelText('Webhook signature key')).toHaveValue('');
  });

  it('says when SQUARE_TERMINAL_DEVICE_ID wins over the Terminal saved here (issue 42)', async () => {
    stubFetch({
      'GET /api/admin/integrations': () => [
        200,
        {
          ...none,
          square: {
            ...none.square,
            source: 'settings',
            connected: true,
            terminalDeviceId: 'device:FROMENV',
            terminalSource: 'environment',
          },
        },
      ],
    });
    renderScreen(<ConnectionsPanel />);
    const square = await screen.findByRole('region', { name: 'Card payments (Square)' });
    expect(
      within(square).getByText(
        "SQUARE_TERMINAL_DEVICE_ID in the server's environment wins: device:FROMENV",
      ),
    ).toBeInTheDocument();
  });

  it('shows a connection the environment sets without a form', async () => {
    stubFetch({ 'GET /api/admin/integrations': () => [200, none] });
    renderScreen(<ConnectionsPanel />);
    const mail = await screen.findByRole('region', { name: 'E-mail (SMTP)' });
    expect(within(mail).getByText(/Set by the server's environment variables/)).toBeInTheDocument();
    expect(
      within(mail).queryByRole('button', { name: 'Send a test mail' }),
    ).not.toBeInTheDocument();
  });
});
