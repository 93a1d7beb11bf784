// After a successful login or signup (spec section 4): 100 ms later any pending
// cart item goes into the cart with a toast saying what was really added, then
// the user goes to the saved return address (the order page when they came
// from its prompt) or /my-orders.
import { addedMessage, getMenuItem } from '@bakery/core';
import type { ToastInput } from '../components/Toast';
import { TOAST_CART_MS } from '../components/Toast';
import { addToCart, takePending, takeRedirect } from './cartStorage';

export const PENDING_DELAY_MS = 100;

export function afterSignIn(
  navigate: (path: string) => void,
  toast: (t: ToastInput) => void,
): void {
  const redirect = takeRedirect() ?? '/my-orders';
  navigate(redirect);
  setTimeout(() => {
    for (const item of takePending()) {
      const product = getMenuItem(item.productId);
      if (!product) continue;
      const quantity = Number(item.quantity);
      const result = addToCart(item.productId, quantity, {
        variantId: item.variantId,
        filling: item.filling,
        addIn: item.addIn,
      });
      toast({
        title: result.added > 0 ? 'Item added to cart!' : 'Cart unchanged',
        description: addedMessage(result, product.name, quantity),
        duration: TOAST_CART_MS,
      });
    }
  }, PENDING_DELAY_MS);
}
