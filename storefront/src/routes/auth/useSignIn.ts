// What signing in and signing up share: the answer's user goes into the
// cache, a greeting toast, then afterSignIn (the pending cart item and the
// saved return address).
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { UserView } from '@bakery/core';
import { apiRequest } from '../../api/client';
import { USER_KEY } from '../../api/queries';
import { afterSignIn } from '../../cart/afterSignIn';
import { useToast, type ToastInput } from '../../components/Toast';

/** The form's `send` for `path`, greeting the signed-in user with `greeting(user)`. */
export function useSignIn(
  path: '/api/login' | '/api/signup',
  greeting: (user: UserView) => ToastInput,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (data: unknown) => {
    const res = await apiRequest('POST', path, data);
    const { user } = (await res.json()) as { user: UserView };
    queryClient.setQueryData(USER_KEY, user);
    toast(greeting(user));
    afterSignIn((to) => void navigate(to), toast);
  };
}
