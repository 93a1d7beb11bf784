import { useMemo, useState } from 'react';
import {
  Button,
  Callout,
  Card,
  H5,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '../ui/blueprint';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can, formatLongDate, ROLE_DESCRIPTIONS, ROLES, type UserView } from '@bakery/core';
import { api, ApiError, messageOf } from '../api/client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { toast } from '../ui/toaster';
import { MailPanel } from '../mail/MailPanel';
import { BackupPanel } from '../backups/BackupPanel';

type UserRow = UserView;

const roleIntent = (role: string) =>
  role === 'owner' ? 'danger' : role === 'admin' ? 'primary' : 'none';

/** `email`: the signed-in user's, whose row says "(you)". */
export function UsersTab({ role, email }: { role: string; email: string }) {
  // Only an owner manages users (the API answers 403 to others); say so instead of an error.
  const isOwner = can(role, 'manageUsers');
  const client = useQueryClient();
  const users = useQuery({
    queryKey: ['/api/admin/users'],
    queryFn: () => api<UserRow[]>('/api/admin/users'),
    enabled: isOwner,
  });
  const [search, setSearch] = useState('');
  // A role change waits here for the owner's yes: it grants or takes away access at once.
  const [roleChange, setRoleChange] = useState<{ user: UserRow; role: string } | null>(null);
  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: string }) =>
      api(`/api/admin/users/${id}/role`, { method: 'PATCH', body: { role } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['/api/admin/users'] });
      toast('User role updated', undefined, 'success');
    },
    onError: (err) => {
      toast('Failed to update user role', messageOf(err, 'Failed to update user role'));
      void client.invalidateQueries({ queryKey: ['/api/admin/users'] });
    },
  });
  const reset = useMutation({
    mutationFn: (id: string) =>
      api<{ message: string; needsConfiguration?: boolean }>(
        `/api/admin/users/${id}/reset-password`,
        { method: 'POST' },
      ),
    onSuccess: (res) => {
      if (res.needsConfiguration) toast('Email Configuration Required', res.message, 'warning');
      else toast('Password reset sent', res.message, 'success');
    },
    onError: (err) => {
      const msg = messageOf(err, 'Failed to send password reset');
      const body =
        err instanceof ApiError ? (err.body as { needsConfiguration?: boolean } | null) : null;
      const config = body?.needsConfiguration || /email provider/i.test(msg);
      toast(config ? 'Email Configuration Required' : 'Failed to send password reset', msg);
    },
  });

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (users.data ?? []).filter(
      (u) =>
        !q ||
        `${u.firstName} ${u.lastName}`.toLowerCase().includes(q) ||
        u.email.toLowerCase().includes(q),
    );
  }, [users.data, search]);
  const count = (r: string) => (users.data ?? []).filter((u) => u.role === r).length;
  const descriptions = ROLE_DESCRIPTIONS as unknown as Record<string, string>;

  return (
    <div>
      {!isOwner && (
        <Callout intent="primary" className="banner" title="Read-only" role="note">
          Only the owner can manage users, assign roles and reset passwords. You are signed in as{' '}
          {role}.
        </Callout>
      )}
      <div className="stat-grid" style={{ gridTemplateColumns: 'repeat(4, 1fr)' }}>
        {[
          ['Total Users', users.data?.length],
          [
            'Customers',
            users.data ? users.data.length - count('admin') - count('owner') : undefined,
          ],
          ['Admins', users.data ? count('admin') : undefined],
          ['Owners', users.data ? count('owner') : undefined],
        ].map(([label, n]) => (
          <Card
            key={label as string}
            className="stat-card"
            data-testid={`user-count-${String(label)}`}
          >
            <div className="label">{label}</div>
            <div className="value">{n ?? '—'}</div>
          </Card>
        ))}
      </div>
      <InputGroup
        type="search"
        leftIcon="search"
        placeholder="Search by name or email"
        aria-label="Search users"
        value={search}
        onValueChange={setSearch}
        style={{ maxWidth: 320, marginBottom: 8 }}
      />
      {isOwner && users.isLoading && <Spinner aria-label="Loading users" />}
      {users.error && (
        <Callout intent="danger">{messageOf(users.error, 'Failed to load users')}</Callout>
      )}
      {isOwner && users.data && rows.length === 0 && (
        <NonIdealState icon="people" title="No users match" />
      )}
      <div role="list" aria-label="Users">
        {rows.map((u) => (
          <div
            key={u.id}
            className="user-row"
            role="listitem"
            aria-label={`${u.firstName} ${u.lastName}`}
          >
            <strong>
              {u.firstName} {u.lastName}
              {u.email === email && <span className="muted"> (you)</span>}
            </strong>
            <Tag intent={roleIntent(u.role)} round>
              {u.role}
            </Tag>
            <span>{u.email}</span>
            <span className="muted">
              {u.createdAt ? `Joined ${formatLongDate(u.createdAt)}` : ''}
            </span>
            <HTMLSelect
              aria-label={`Role of ${u.email}`}
              value={u.role}
              disabled={!isOwner || changeRole.isPending}
              onChange={(e) => setRoleChange({ user: u, role: e.currentTarget.value })}
              options={[...(ROLES as readonly string[])]}
            />
            <Button
              small
              icon="envelope"
              text="Send password reset"
              disabled={!isOwner || reset.isPending}
              onClick={() => reset.mutate(u.id)}
            />
          </div>
        ))}
      </div>
      <Card style={{ marginTop: 12 }} role="region" aria-labelledby="role-legend">
        <H5 id="role-legend">Role permissions</H5>
        <ul>
          {Object.entries(descriptions).map(([r, d]) => (
            <li key={r}>
              <Tag intent={roleIntent(r)} round minimal>
                {r}
              </Tag>{' '}
              {d}
            </li>
          ))}
        </ul>
      </Card>
      <ConfirmDialog
        isOpen={roleChange !== null}
        title="Change this user's role?"
        confirmText="Change role"
        intent="warning"
        onClose={() => setRoleChange(null)}
        onConfirm={() =>
          roleChange && changeRole.mutate({ id: roleChange.user.id, role: roleChange.role })
        }
      >
        {roleChange && (
          <p>
            {roleChange.user.firstName} {roleChange.user.lastName} ({roleChange.user.email}) goes
            from {roleChange.user.role} to <strong>{roleChange.role}</strong>.{' '}
            {descriptions[roleChange.role] ?? ''} It applies from their next request.
          </p>
        )}
      </ConfirmDialog>
      {can(role, 'manageMail') && <MailPanel />}
      {can(role, 'manageBackups') && <BackupPanel />}
    </div>
  );
}
