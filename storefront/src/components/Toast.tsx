// At most one toast at a time (spec section 9): a new toast replaces the old.
// Loaded on demand (with jotai) so the home page's first download stays small.
import { atom, getDefaultStore, useAtom } from 'jotai';
import { useEffect } from 'react';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
};
type ToastState = ToastInput & { id: number };

const toastAtom = atom<ToastState | null>(null);
let nextId = 1;

export const TOAST_DEFAULT_MS = 5000;
export const TOAST_CART_MS = 3000;
export const TOAST_SIGN_IN_MS = 4000;

/** Shows a toast, replacing any toast on screen. */
export function showToast(toast: ToastInput): void {
  getDefaultStore().set(toastAtom, { ...toast, id: nextId++ });
}

/** Removes the toast on screen (tests start each case without one). */
export function clearToast(): void {
  getDefaultStore().set(toastAtom, null);
}

export function useToast(): (toast: ToastInput) => void {
  return showToast;
}

export default function Toaster() {
  const [toast, setToast] = useAtom(toastAtom);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.duration ?? TOAST_DEFAULT_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);
  return (
    <div className="toast-region" role="region" aria-label="Notifications">
      {toast && (
        <div
          key={toast.id}
          className={`toast ${toast.variant === 'destructive' ? 'toast-destructive' : ''}`}
          // Errors interrupt the screen reader; everything else waits its turn.
          role={toast.variant === 'destructive' ? 'alert' : 'status'}
          aria-live={toast.variant === 'destructive' ? 'assertive' : 'polite'}
        >
          <div className="toast-body">
            <p className="toast-title">{toast.title}</p>
            {toast.description && <p className="toast-text">{toast.description}</p>}
          </div>
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss notification"
            onClick={() => setToast(null)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
