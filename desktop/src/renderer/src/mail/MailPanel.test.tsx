// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch, toastText } from '../test/harness';
import { MailPanel } from './MailPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const failed = {
  id: 'm1',
  kind: 'password-reset',
  to: 'cora@example.com',
  subject: 'Reset your password',
  status: 'failed',
  attempts: 4,
  lastError: 'Connection refused',
  createdAt: '2026-11-22T15:00:00.000Z',
};
const pending = { ...failed, id: 'm2', to: 'carl@example.com', status: 'pending', attempts: 1 };
const outbox = { transport: 'outbox', smtpHost: null, outboxDir: '/srv/bakery/.outbox' };
const smtp = { transport: 'smtp', smtpHost: 'mail.example.com', outboxDir: '/srv/bakery/.outbox' };

/** The panel's three reads: where mail goes, failed and waiting messages; `more` adds routes. */
const stubMail = (
  delivery: object,
  unsent: { failed?: object[]; pending?: object[] } = {},
  more: Parameters<typeof stubFetch>[0] = {},
) =>
  stubFetch({
    'GET /api/admin/mail/delivery': () => [200, delivery],
    'GET /api/admin/mail?status=failed': () => [200, unsent.failed ?? []],
    'GET /api/admin/mail?status=pending': () => [200, unsent.pending ?? []],
    ...more,
  });

describe('Outgoing e-mail', () => {
  it('lists failed and waiting messages and resends a failed one', async () => {
    const calls = stubMail(
      smtp,
      { failed: [failed], pending: [pending] },
      {
        'POST /api/admin/mail/m1/retry': () => [
          200,
          { success: true, message: 'The message will be sent again shortly' },
        ],
      },
    );
    renderScreen(<MailPanel />);
    const table = await screen.findByRole('table', { name: 'Unsent e-mail' });
    expect(within(table).getByText('cora@example.com').closest('tr')).toHaveTextContent('failed');
    expect(within(table).getByText('cora@example.com').closest('tr')).toHaveTextContent(
      'Connection refused',
    );
    expect(within(table).queryByRole('button', { name: 'Resend to carl@example.com' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Resend to cora@example.com' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/mail/m1/retry')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(toastText()).toContain('E-mail queued again'));
  });

  it('says mail went through the SMTP server when nothing is waiting', async () => {
    stubMail(smtp);
    renderScreen(<MailPanel />);
    expect(await screen.findByText('No failed e-mail')).toBeInTheDocument();
    expect(screen.getByText('Every message has been sent.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'E-mail is sent through the SMTP server mail.example.com.',
    );
  });

  it('never says "sent" when mail only went to the outbox folder', async () => {
    stubMail(outbox);
    renderScreen(<MailPanel />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('E-mail is not being sent to customers');
    expect(notice).toHaveTextContent(
      'only written as a file to the outbox folder /srv/bakery/.outbox on the server. Customers did not receive them.',
    );
    expect(await screen.findByText('No failed e-mail')).toBeInTheDocument();
    expect(screen.queryByText('Every message has been sent.')).toBeNull();
    expect(
      screen.getByText(
        'Nothing is waiting, but messages went to the outbox folder, not to customers.',
      ),
    ).toBeInTheDocument();
  });
});
