// @vitest-environment jsdom
// Issue 38: the owner changes her name, e-mail and password from the back
// office, through the account calls of docs/api.md (fetch answered from a route table).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../test/harness';
import { AccountButton, AccountPanel } from './AccountPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = {
  id: 'u1',
  role: 'owner',
  email: 'owner@bakery.test',
  firstName: 'Bakery',
  lastName: 'Owner',
  phone: null,
};

describe('the Account panel', () => {
  it('saves her name, and says what the server refuses for the password', async () => {
    const calls = stubFetch({
      'GET /api/user': () => [200, me],
      'PATCH /api/user': (call) => [200, { ...me, ...(call.body as object) }],
      'POST /api/user/password': (call) =>
        (call.body as { currentPassword: string }).currentPassword === 'right-password'
          ? [200, { success: true }]
          : [400, { code: 'invalid_credentials', message: 'Current password is incorrect' }],
    });
    renderScreen(<AccountPanel />);
    const name = await screen.findByRole('form', { name: 'Your name' });
    expect(within(name).getByLabelText('First name')).toHaveValue('Bakery');
    fireEvent.change(within(name).getByLabelText('First name'), { target: { value: 'Rosa' } });
    fireEvent.change(within(name).getByLabelText('Last name'), { target: { value: 'Alvarez' } });
    fireEvent.click(within(name).getByRole('button', { name: 'Save name' }));
    expect(await within(name).findByRole('status')).toHaveTextContent('Saved');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      firstName: 'Rosa',
      lastName: 'Alvarez',
    });

    const password = screen.getByRole('form', { name: 'Your password' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(password).getByLabelText(label), { target: { value } });
    fill('Current password', 'wrong');
    fill('New password', 'a-much-longer-password-1');
    fill('New password again', 'a-much-longer-password-1');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByRole('alert')).toHaveTextContent(
      'Current password is incorrect',
    );
    fill('Current password', 'right-password');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByRole('status')).toHaveTextContent(
      'Your password is changed.',
    );
    await waitFor(() =>
      expect(within(password).getByLabelText('Current password')).toHaveValue(''),
    );
  });
});

describe('the first sign-in (issue 38)', () => {
  it('opens a dialog that cannot be closed until she chooses her own password', async () => {
    const changed = vi.fn();
    const calls = stubFetch({
      'POST /api/user/password': () => [200, { success: true }],
    });
    renderScreen(<AccountButton passwordChangeRequired onPasswordChanged={changed} />);
    const dialog = await screen.findByRole('dialog', { name: 'Choose your own password' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Choose your own password' })).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Current password'), {
      target: { value: 'set-up-for-her-1' },
    });
    fireEvent.change(within(dialog).getByLabelText('New password'), {
      target: { value: 'her-own-password-2026' },
    });
    fireEvent.change(within(dialog).getByLabelText('New password again'), {
      target: { value: 'her-own-password-2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      currentPassword: 'set-up-for-her-1',
      newPassword: 'her-own-password-2026',
      confirmPassword: 'her-own-password-2026',
    });
  });
});
