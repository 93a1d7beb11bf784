// One account in the owner's user list: name, role, e-mail, joined, and the
// role select and password reset.
import { formatLongDate, ROLES, type UserView } from '@bakery/core';
import { Button, HTMLSelect, Tag } from '../ui/blueprint';

export const roleIntent = (role: string) =>
  role === 'owner' ? 'danger' : role === 'admin' ? 'primary' : 'none';

export function UserRow({
  user: u,
  you,
  canManage,
  busyRole,
  busyReset,
  onRole,
  onReset,
}: {
  user: UserView;
  /** The signed-in user's own row says "(you)". */
  you: boolean;
  canManage: boolean;
  busyRole: boolean;
  busyReset: boolean;
  onRole(role: string): void;
  onReset(): void;
}) {
  return (
    <div className="user-row" role="listitem" aria-label={`${u.firstName} ${u.lastName}`}>
      <strong>
        {u.firstName} {u.lastName}
        {you && <span className="muted"> (you)</span>}
      </strong>
      <Tag intent={roleIntent(u.role)} round>
        {u.role}
      </Tag>
      <span>{u.email}</span>
      <span className="muted">{u.createdAt ? `Joined ${formatLongDate(u.createdAt)}` : ''}</span>
      <HTMLSelect
        aria-label={`Role of ${u.email}`}
        value={u.role}
        disabled={!canManage || busyRole}
        onChange={(e) => onRole(e.currentTarget.value)}
        options={[...(ROLES as readonly string[])]}
      />
      <Button
        small
        icon="envelope"
        text="Send password reset"
        disabled={!canManage || busyReset}
        onClick={onReset}
      />
    </div>
  );
}
