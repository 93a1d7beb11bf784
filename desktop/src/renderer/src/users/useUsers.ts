// The user list and the owner's two actions on it (role, password reset),
// over the typed client.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Role } from '@bakery/core';
import { ApiError, client, messageOf } from '../api/client';
import { toast } from '../ui/toaster';

const USERS_KEY = [ROUTES.users.path] as const;

export function useUsers(isOwner: boolean) {
  const queries = useQueryClient();
  const users = useQuery({
    queryKey: USERS_KEY,
    queryFn: () => client.call(ROUTES.users),
    enabled: isOwner,
  });
  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: string }) =>
      client.call(ROUTES.userRole, { params: { userId: id }, body: { role: role as Role } }),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: USERS_KEY });
      toast('User role updated', undefined, 'success');
    },
    onError: (err) => {
      toast('Failed to update user role', messageOf(err, 'Failed to update user role'));
      void queries.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
  const reset = useMutation({
    mutationFn: (id: string) => client.call(ROUTES.userResetPassword, { params: { userId: id } }),
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
  return { users, changeRole, reset };
}
