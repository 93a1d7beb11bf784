// What signing in and signing up share: the answer's user goes into the
// cache, a greeting toast, then afterSignIn (the pending cart item and the
// saved return address).
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { ROUTES, UserView } from '@bakery/core';
import { api } from '../../api/client';
import { USER_KEY } from '../../api/queries';
import { afterSignIn } from '../../cart/afterSignIn';
import { useToast, type ToastInput } from '../../components/Toast';

/** The form's `send` for `route`, greeting the signed-in user with `greeting(user)`. */
export function useSignIn(
  route: typeof ROUTES.login | typeof ROUTES.signup,
  greeting: (user: UserView) => ToastInput,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (data: unknown) => {
    // `data` passed the route's own schema in the form (useForm).
    const { user } = await api.call(route, { body: data as never });
    queryClient.setQueryData(USER_KEY, user);
    toast(greeting(user));
    afterSignIn((to) => void navigate(to), toast);
  };
}
