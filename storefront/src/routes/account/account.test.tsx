// The account page's e-mail change (issue 27): the address changes only
// through the link mailed to it, so the form says a link was sent; the
// link's page confirms (or undoes) with one button.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import AccountPage from './AccountPage';
import EmailLinkPage from './EmailLinkPage';
import { aUser } from '@bakery/test-support/fixtures';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const user = aUser();
const SENT =
  'We have sent a confirmation link to new@example.com. Your e-mail address changes once you follow it.';

describe('e-mail change', () => {
  it('says a confirmation link was sent and keeps showing the current address', async () => {
    api = await startTestApi({
      'GET /api/user': { body: user },
      'GET /api/user/sessions': { body: { sessions: [] } },
      'PATCH /api/user/email': { body: { success: true, message: SENT } },
    });
    renderScreen(<AccountPage />, { at: '/account' });
    await userEvent.type(await screen.findByLabelText('New e-mail address'), 'new@example.com');
    await userEvent.type(
      screen.getByLabelText('Current password', { selector: '#email-current-password' }),
      'bakery-secret-1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change E-mail' }));
    expect(await screen.findByText(SENT, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/user/email')!.body).toEqual({
      email: 'new@example.com',
      currentPassword: 'bakery-secret-1',
    });
  });

  it('confirms the new address with the token of the link', async () => {
    const done = 'Your e-mail address is now new@example.com. Every other device was signed out.';
    api = await startTestApi({
      'POST /api/user/email/confirm': { body: { success: true, message: done } },
    });
    renderScreen(<EmailLinkPage />, {
      at: '/confirm-email/tok-123',
      path: '/confirm-email/:token',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm New Address' }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/user/email/confirm')!.body).toEqual({
      token: 'tok-123',
    });
  });
});
