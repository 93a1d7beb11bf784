// @vitest-environment jsdom
// Issue 38: the owner changes her name, e-mail and password from the back
// office, through the account calls of docs/api.md (fetch answered from a route table).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../test/harness';
import { AccountPanel } from './AccountPanel';

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
