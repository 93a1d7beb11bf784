// The order form as a draft (issue 24): everything typed on /order besides the
// cart (which keeps itself) is kept in local storage per account, so Back, a
// trip to the menu ("Keep Shopping") or a reload loses nothing. Removed once
// the order is submitted or the customer clears the form.
import { emptyForm, type OrderFormState } from './orderForm';

/** The draft's local-storage key for one account. */
export const draftKey = (userId: string) => `orderDraft:${userId}`;

/** The stored draft over the empty form; only fields of the form's own types are taken. */
export function readDraft(userId: string, phone: string): OrderFormState {
  const form = emptyForm(phone);
  let stored: unknown = null;
  try {
    stored = JSON.parse(localStorage.getItem(draftKey(userId)) ?? 'null');
  } catch {
    return form;
  }
  if (!stored || typeof stored !== 'object') return form;
  const out: Record<string, unknown> = { ...form };
  for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
    if (key in form && typeof value === typeof form[key as keyof OrderFormState]) out[key] = value;
  }
  if (out.deliveryMethod !== 'delivery') out.deliveryMethod = 'pickup';
  const writing = out.lineWriting;
  if (
    !writing ||
    Array.isArray(writing) ||
    Object.values(writing).some((v) => typeof v !== 'string')
  )
    out.lineWriting = {};
  return out as OrderFormState;
}

/** Keeps the form; an untouched form (the empty one) leaves no draft behind. */
export function saveDraft(userId: string, phone: string, form: OrderFormState): void {
  try {
    if (JSON.stringify(form) === JSON.stringify(emptyForm(phone))) clearDraft(userId);
    else localStorage.setItem(draftKey(userId), JSON.stringify(form));
  } catch {
    /* storage full or refused: the form still works, only the draft is not kept */
  }
}

export function clearDraft(userId: string): void {
  localStorage.removeItem(draftKey(userId));
}

/**
 * Reorder (issue 38): the order's way of getting it (pickup, or delivery to
 * its address) put in the account's draft, so the order form opens with the
 * address typed; the rest of a draft in progress is kept.
 */
export function draftFromOrder(
  userId: string,
  order: {
    customerPhone?: string | null;
    deliveryMethod: string;
    deliveryAddress?: string | null;
    deliveryCity?: string | null;
    deliveryState?: string | null;
    deliveryZip?: string | null;
    deliveryInstructions?: string | null;
  },
): void {
  const phone = order.customerPhone ?? '';
  const draft = readDraft(userId, phone);
  if (order.deliveryMethod !== 'delivery') {
    saveDraft(userId, phone, { ...draft, deliveryMethod: 'pickup' });
    return;
  }
  saveDraft(userId, phone, {
    ...draft,
    deliveryMethod: 'delivery',
    deliveryAddress: order.deliveryAddress ?? '',
    deliveryCity: order.deliveryCity ?? '',
    deliveryState: order.deliveryState ?? '',
    deliveryZip: order.deliveryZip ?? '',
    deliveryInstructions: order.deliveryInstructions ?? '',
  });
}
