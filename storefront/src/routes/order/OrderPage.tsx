// /order, the data root: who is signed in decides between the order prompt
// (AccountRequired) and the form; a category hash scrolls to the products.
// The form's code loads only for a signed-in customer: a visitor arriving
// from a link gets the prompt without it (issue 16).
import { lazy } from 'react';
import { useUser } from '../../api/queries';
import { AccountRequired } from './AccountRequired';

const OrderForm = lazy(() => import('./OrderForm').then((m) => ({ default: m.OrderForm })));

export { fieldId } from './orderForm';

export default function OrderPage() {
  const { user, isLoading } = useUser();
  if (isLoading) return null;
  if (!user) return <AccountRequired />;
  return <OrderForm user={user} />;
}
