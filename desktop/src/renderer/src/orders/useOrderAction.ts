// The desk's actions on one order: which call each button makes, the toast
// it ends with (its own title on failure, spec section 8) and the Undo it
// offers (issue 23). OrdersRoot and the bulk bar share it.
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { ROUTES, type OrderView } from '@bakery/core';
import { client, messageOf } from '../api/client';
import { bridge } from '../platform/bridge';
import { toast } from '../ui/toaster';
import type { OrderButton } from './actions';
import type { ActionInput } from './OrderActions';

export interface OrderActionRequest {
  order: OrderView;
  button: OrderButton;
  fee?: number;
  distance?: number | null;
  input?: ActionInput;
}

/** What every action's answer has in common (the map's OrderAnswer, DoneAnswer, ...). */
export type DeskActionAnswer = { message?: string; order?: OrderView };

/** The action that takes another back, offered in its toast. */
const UNDO: Partial<Record<OrderButton, OrderButton>> = {
  cancel: 'restore',
  fulfill: 'markInProgress',
  markComplete: 'markInProgress',
};

/** Each action's failure toast: its title and the text when the server sent none. */
const FAILURE_TITLES: Record<OrderButton, [string, string]> = {
  calculateDeliveryFee: ['Failed to Add Delivery Fee', 'Failed to Add Delivery Fee'],
  confirmPayment: ['Update Failed', 'Failed to confirm payment'],
  markComplete: ['Update Failed', 'Failed to update order status'],
  markInProgress: ['Update Failed', 'Failed to update order status'],
  cancel: ['Update Failed', 'Failed to update order status'],
  fulfill: ['Fulfillment Failed', 'Fulfillment Failed'],
  delete: ['Delete Failed', 'Delete Failed'],
  confirm: ['Update Failed', 'Failed to update order status'],
  startBaking: ['Update Failed', 'Failed to update order status'],
  markReady: ['Update Failed', 'Failed to mark the order ready'],
  sendOut: ['Update Failed', 'Failed to mark the order ready'],
  restore: ['Restore Failed', 'Failed to restore the order'],
  refund: ['Refund Failed', 'Failed to record the refund'],
  archive: ['Update Failed', 'Failed to archive the order'],
  viewPayment: ['Update Failed', 'Failed to update order status'],
};

/** The buttons that send what the staff typed or open a page; callFor writes their calls out. */
type InputButton = 'calculateDeliveryFee' | 'confirmPayment' | 'fulfill' | 'refund' | 'viewPayment';

/** The other buttons' calls, each of the order `id`. */
const FIXED_CALLS: Record<
  Exclude<OrderButton, InputButton>,
  (params: { id: string }) => Promise<DeskActionAnswer>
> = {
  markComplete: (params) =>
    client.call(ROUTES.orderFulfillment, { params, body: { orderStatus: 'complete' } }),
  markInProgress: (params) =>
    client.call(ROUTES.orderFulfillment, { params, body: { orderStatus: 'in progress' } }),
  cancel: (params) => client.call(ROUTES.orderStatus, { params, body: { status: 'cancelled' } }),
  markReady: (params) => client.call(ROUTES.orderReady, { params }),
  sendOut: (params) => client.call(ROUTES.orderReady, { params }),
  confirm: (params) => client.call(ROUTES.orderStage, { params, body: { stage: 'confirmed' } }),
  startBaking: (params) => client.call(ROUTES.orderStage, { params, body: { stage: 'baking' } }),
  restore: (params) => client.call(ROUTES.orderRestore, { params }),
  archive: (params) => client.call(ROUTES.orderArchive, { params }),
  delete: (params) => client.call(ROUTES.deleteOrder, { params }),
};

/** The call behind one button. */
async function callFor({
  order,
  button,
  fee,
  distance,
  input,
}: OrderActionRequest): Promise<DeskActionAnswer> {
  const params = { id: order.id };
  switch (button) {
    case 'calculateDeliveryFee':
      return client.call(ROUTES.orderDeliveryFee, {
        params,
        body: { deliveryFee: fee, deliveryDistance: distance ?? null },
      });
    case 'confirmPayment':
      return client.call(ROUTES.confirmPayment, { body: { orderId: order.id } });
    case 'fulfill':
      return client.call(ROUTES.orderFulfill, {
        params,
        ...(input?.payment ? { body: { payment: input.payment } } : {}),
      });
    case 'refund':
      return client.call(ROUTES.orderRefund, { params, body: input?.refund });
    case 'viewPayment':
      if (order.squarePaymentUrl) await bridge.openExternal(order.squarePaymentUrl);
      return {};
    default: {
      return FIXED_CALLS[button](params);
    }
  }
}

/** One order's action, its toasts and its Undo; `done` sees the answer first. */
export function useOrderAction(
  done: (answer: DeskActionAnswer, request: OrderActionRequest) => void,
): UseMutationResult<DeskActionAnswer, unknown, OrderActionRequest> {
  const action: UseMutationResult<DeskActionAnswer, unknown, OrderActionRequest> = useMutation({
    mutationFn: async (request: OrderActionRequest) => {
      try {
        return await callFor(request);
      } catch (err) {
        const [title, fallback] = FAILURE_TITLES[request.button];
        toast(title, messageOf(err, fallback));
        throw err;
      }
    },
    onSuccess: (answer, request) => {
      if (request.button === 'viewPayment') return;
      done(answer, request);
      // A cancel or a hand-over can be taken back from its toast for a few seconds.
      const undo = UNDO[request.button];
      const order = answer.order;
      toast(
        answer.message ?? 'Order updated',
        undefined,
        'success',
        undo && order
          ? { text: 'Undo', onClick: () => action.mutate({ order, button: undo }) }
          : undefined,
      );
    },
  });
  return action;
}
