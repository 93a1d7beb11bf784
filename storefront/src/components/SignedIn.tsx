// A page for signed-in customers only (My Orders, the account page): a
// loading line while the session is read, the sign-in page for a visitor,
// else the page for the customer.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { UserView } from '@bakery/core';
import { useUser } from '../api/queries';
import { Loading } from './Loading';

export function SignedIn({ page }: { page: (user: UserView) => ReactNode }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <Loading />;
  if (!user) return <Navigate to="/login" replace />;
  return page(user);
}
