// /order, the data root: who is signed in decides between the order prompt
// (AccountRequired) and the form; a category hash scrolls to the products.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useUser } from '../../api/queries';
import { AccountRequired } from './AccountRequired';
import { OrderForm } from './OrderForm';

export { fieldId } from './orderForm';

export default function OrderPage() {
  const { user, isLoading } = useUser();
  const { hash } = useLocation();
  useEffect(() => {
    if (user && hash && hash !== '#summary-heading')
      document.getElementById('products-heading')?.scrollIntoView?.();
  }, [user, hash]);
  if (isLoading) return null;
  if (!user) return <AccountRequired />;
  return <OrderForm user={user} />;
}
