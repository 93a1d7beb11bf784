// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch, toastText } from '../test/harness';
import { UsersTab } from './UsersTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = (id: string, role: string, firstName: string, email: string) => ({
  id,
  role,
  firstName,
  lastName: 'Baker',
  email,
  phone: null,
  createdAt: '2026-03-05T15:00:00.000Z',
});
const users = [
  user('u1', 'owner', 'Olive', 'olive@bakery.test'),
  user('u2', 'admin', 'Adam', 'adam@bakery.test'),
  user('u3', 'customer', 'Cora', 'cora@example.com'),
  user('u4', 'customer', 'Carl', 'carl@example.com'),
];

const count = (label: string) =>
  screen.getByTestId(`user-count-${label}`).querySelector('.value')?.textContent;

describe('User Management as the owner', () => {
  it('counts users by role, searches by name or e-mail, and shows each row', async () => {
    stubFetch({ 'GET /api/admin/users': () => [200, users] });
    renderScreen(<UsersTab role="owner" email="olive@bakery.test" />);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(4);
    expect(count('Total Users')).toBe('4');
    expect(count('Customers')).toBe('2');
    expect(count('Admins')).toBe('1');
    expect(count('Owners')).toBe('1');
    const cora = within(list).getByRole('listitem', { name: 'Cora Baker' });
    expect(cora).toHaveTextContent('customer');
    expect(cora).toHaveTextContent('cora@example.com');
    expect(cora).toHaveTextContent('Joined March 5, 2026');
    expect(within(list).getByRole('listitem', { name: 'Olive Baker' })).toHaveTextContent(
      'Olive Baker (you)',
    );
    expect(cora).not.toHaveTextContent('(you)');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: 'ADAM@' },
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Adam Baker']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: 'carl baker' },
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Carl Baker']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: 'nobody' },
    });
    expect(screen.getByText('No users match')).toBeInTheDocument();
  });

  it('changes a role through the API, and shows the refusal with Failed to update user role', async () => {
    const calls = stubFetch({
      'GET /api/admin/users': () => [200, users],
      'PATCH /api/admin/users/u3/role': () => [200, { success: true }],
      'PATCH /api/admin/users/u1/role': () => [409, { message: 'You cannot change your own role' }],
    });
    renderScreen(<UsersTab role="owner" email="olive@bakery.test" />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Role of cora@example.com' }), {
      target: { value: 'admin' },
    });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByText('Change role'));
    await waitFor(() => expect(toastText()).toContain('User role updated'));
    expect(calls.find((c) => c.path === '/api/admin/users/u3/role')?.body).toEqual({
      role: 'admin',
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of olive@bakery.test' }), {
      target: { value: 'customer' },
    });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByText('Change role'));
    await waitFor(() =>
      expect(toastText()).toContain('Failed to update user role: You cannot change your own role'),
    );
  });

  it('asks before changing a role; Escape sends nothing and keeps the role', async () => {
    const calls = stubFetch({ 'GET /api/admin/users': () => [200, users] });
    renderScreen(<UsersTab role="owner" email="olive@bakery.test" />);
    const select = await screen.findByRole('combobox', { name: 'Role of cora@example.com' });
    select.focus();
    fireEvent.change(select, { target: { value: 'owner' } });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("Change this user's role?");
    expect(dialog).toHaveTextContent(
      'Cora Baker (cora@example.com) goes from customer to owner. Owner: all admin rights, plus set daily limits and closed dates',
    );
    within(dialog).getByText('Keep it').closest('button')!.focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(select));
    expect(select).toHaveValue('customer');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it("says 'Email Configuration Required' when mail is not configured", async () => {
    stubFetch({
      'GET /api/admin/users': () => [200, users],
      'POST /api/admin/users/u4/reset-password': () => [
        200,
        {
          message: 'Email provider is not configured: the link was written to the outbox.',
          needsConfiguration: true,
        },
      ],
      'POST /api/admin/users/u3/reset-password': () => [
        200,
        { message: 'Password reset email sent to cora@example.com', needsConfiguration: false },
      ],
    });
    renderScreen(<UsersTab role="owner" email="olive@bakery.test" />);
    const carl = await screen.findByRole('listitem', { name: 'Carl Baker' });
    fireEvent.click(within(carl).getByRole('button', { name: 'Send password reset' }));
    await waitFor(() =>
      expect(toastText()).toContain(
        'Email Configuration Required: Email provider is not configured',
      ),
    );
    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'Cora Baker' })).getByRole('button', {
        name: 'Send password reset',
      }),
    );
    await waitFor(() =>
      expect(toastText()).toContain('Password reset email sent to cora@example.com'),
    );
  });

  it('shows the role-permissions legend', async () => {
    stubFetch({ 'GET /api/admin/users': () => [200, users] });
    renderScreen(<UsersTab role="owner" email="olive@bakery.test" />);
    const legend = await screen.findByRole('region', { name: 'Role permissions' });
    expect(within(legend).getAllByRole('listitem')).toHaveLength(3);
  });
});

describe('User Management as an admin who is not the owner', () => {
  it('is read-only and says why, without asking the server for the user list', async () => {
    const calls = stubFetch({});
    renderScreen(<UsersTab role="admin" email="adam@bakery.test" />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Only the owner can manage users, assign roles and reset passwords. You are signed in as admin.',
    );
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Role permissions' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.path.startsWith('/api/admin/users'))).toHaveLength(0);
  });
});
