// /order, the data root: who is signed in decides between the order prompt
// (AccountRequired) and the form; a category hash scrolls to the products.
// The form's code loads only for a signed-in customer: a visitor arriving
// from a link gets the prompt without it (issue 16).
import { lazy, useContext, useSyncExternalStore } from 'react';
import { GuestPage, useUser } from '../../api/queries';
import { Loading } from '../../components/Loading';
import { AccountRequired } from './AccountRequired';

const OrderForm = lazy(() => import('./OrderForm').then((m) => ({ default: m.OrderForm })));

export { fieldId } from './orderForm';

const never = () => () => undefined;

/**
 * False while the prerendered HTML hydrates, true after: the loading state
 * it shows must hydrate as such, though the user's answer (preloaded) may
 * already be in the cache.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

export default function OrderPage() {
  const { user, isLoading } = useUser();
  const hydrated = useHydrated();
  // A guest page (nobody signed in) shows the prompt from its first render.
  const guest = useContext(GuestPage);
  if (isLoading || (!hydrated && !guest)) return <Loading />;
  if (!user) return <AccountRequired />;
  return <OrderForm user={user} />;
}
