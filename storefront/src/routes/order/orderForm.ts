// The order form's state (what OrderForm keeps) and the element ids the
// 'Missing information:' checklist focuses.
import { DEFAULT_PICKUP_TIME, type OrderFormValues } from '@bakery/core';

export type OrderFormState = Required<{
  [K in keyof OrderFormValues]-?: NonNullable<OrderFormValues[K]>;
}>;

export const emptyForm = (phone = ''): OrderFormState => ({
  customerPhone: phone,
  deliveryMethod: 'pickup',
  pickupDate: '',
  pickupTime: DEFAULT_PICKUP_TIME,
  deliveryAddress: '',
  deliveryCity: '',
  deliveryState: '',
  deliveryZip: '',
  deliveryInstructions: '',
  specialInstructions: '',
  hasWriting: false,
  cakeWriting: '',
  lineWriting: {},
  hasBows: false,
});

/** The element id of each form field, so the checklist can focus it. */
export const fieldId = (field: string) => `order-${field}`;

export type SetField = <K extends keyof OrderFormState>(key: K, value: OrderFormState[K]) => void;

/** The form's free-text fields. */
export type TextKey = {
  [K in keyof OrderFormState]: OrderFormState[K] extends string ? K : never;
}[keyof OrderFormState];

/** A FormField's id, value and onChange for one of the order form's text fields. */
export const textField = (form: OrderFormState, set: SetField, key: TextKey) => ({
  id: fieldId(key),
  value: form[key],
  onChange: (e: { target: { value: string } }) => set(key, e.target.value),
});
