// The admin identity and the automatic admin session (spec 4, Admin access).
import { useQuery } from '@tanstack/react-query';
import { ROUTES, type AdminMeView } from '@bakery/core';
import { ApiError, client, messageOf } from '../api/client';
import { toast } from '../ui/toaster';

/** The admin identity: core's AdminMeView (GET /api/admin/me). */
export type AdminIdentity = AdminMeView;

export const ME_KEY = [ROUTES.adminMe.path] as const;

const unauthenticated = (err: unknown) =>
  err instanceof ApiError && (err.status === 401 || err.status === 403);

/** GET /api/admin/me; without an admin session, one POST /api/admin/auto-login
 * (a signed-in storefront admin or owner gets one), then /api/admin/me again. */
export async function loadAdminIdentity(): Promise<AdminIdentity> {
  try {
    return await client.call(ROUTES.adminMe);
  } catch (err) {
    if (!unauthenticated(err)) throw err;
    try {
      await client.call(ROUTES.adminAutoLogin);
    } catch (autoErr) {
      // 401 just means nobody is signed in; a refusal for a customer is worth saying.
      if (autoErr instanceof ApiError && autoErr.status === 403)
        toast('Auto-login failed', messageOf(autoErr, 'Auto-login failed'));
      throw err;
    }
    return await client.call(ROUTES.adminMe);
  }
}

export function useAdminSession(): {
  state: 'loading' | 'ready' | 'signed-out' | 'error';
  me?: AdminIdentity;
  error?: unknown;
} {
  const me = useQuery({ queryKey: ME_KEY, queryFn: loadAdminIdentity, retry: false });
  if (me.data) return { state: 'ready', me: me.data };
  if (me.isError)
    return unauthenticated(me.error)
      ? { state: 'signed-out' }
      : { state: 'error', error: me.error };
  return { state: 'loading' };
}
