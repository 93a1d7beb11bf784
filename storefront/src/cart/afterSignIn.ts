// After a successful login or signup (spec section 4): 100 ms later any pending
// cart item goes into the cart with a toast, then the user goes to the saved
// return address or /my-orders.
import { getMenuItem } from '@bakery/core';
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
      addToCart(item.productId, Number(item.quantity), {
        variantId: item.variantId,
        filling: item.filling,
        addIn: item.addIn,
        isCake: product.category === 'cakes',
      });
      toast({
        title: 'Item added to cart!',
        description: `${item.quantity} ${product.name} added to your cart.`,
        duration: TOAST_CART_MS,
      });
    }
  }, PENDING_DELAY_MS);
}
