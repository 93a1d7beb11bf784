// The Users tab: the owner's user list (root -> useUsers -> UserRow), the
// role legend, and the mail and backup panels.
import { useMemo, useState } from 'react';
import { Callout, Card, H5, InputGroup, NonIdealState, Spinner, Tag } from '../ui/blueprint';
import { can, ROLE_DESCRIPTIONS, type UserView } from '@bakery/core';
import { messageOf } from '../api/client';
import { roleIntent, UserRow } from './UserRow';
import { useUsers } from './useUsers';
import { ConfirmAbout } from '../ui/ConfirmDialog';
import { MailPanel } from '../mail/MailPanel';
import { BackupPanel } from '../backups/BackupPanel';

/** `email`: the signed-in user's, whose row says "(you)". */
export function UsersTab({ role, email }: { role: string; email: string }) {
  // Only an owner manages users (the API answers 403 to others); say so instead of an error.
  const isOwner = can(role, 'manageUsers');
  const { users, changeRole, reset } = useUsers(isOwner);
  const [search, setSearch] = useState('');
  // A role change waits here for the owner's yes: it grants or takes away access at once.
  const [roleChange, setRoleChange] = useState<{ user: UserView; role: string } | null>(null);

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
          <UserRow
            key={u.id}
            user={u}
            you={u.email === email}
            canManage={isOwner}
            busyRole={changeRole.isPending}
            busyReset={reset.isPending}
            onRole={(next) => setRoleChange({ user: u, role: next })}
            onReset={() => reset.mutate(u.id)}
          />
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
      <ConfirmAbout
        about={roleChange}
        setAbout={setRoleChange}
        title="Change this user's role?"
        confirmText="Change role"
        intent="warning"
        onConfirm={({ user, role }) => changeRole.mutate({ id: user.id, role })}
      >
        {roleChange && (
          <p>
            {roleChange.user.firstName} {roleChange.user.lastName} ({roleChange.user.email}) goes
            from {roleChange.user.role} to <strong>{roleChange.role}</strong>.{' '}
            {descriptions[roleChange.role] ?? ''} It applies from their next request.
          </p>
        )}
      </ConfirmAbout>
      {can(role, 'manageMail') && <MailPanel />}
      {can(role, 'manageBackups') && <BackupPanel />}
    </div>
  );
}
