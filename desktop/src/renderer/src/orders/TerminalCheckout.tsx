// Card on the Square Terminal (issue 42): staff send the order's amount due
// to the paired Terminal; while the checkout waits the desk asks every few
// seconds how it stands (Square's webhook usually ends it first) and shows
// Square's outcome: paid, or cancelled on the device (the order unpaid).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isOpenTerminalCheckout, ROUTES, type OrderView } from '@bakery/core';
import { client, messageOf } from '../api/client';
import { Button, Callout } from '../ui/blueprint';
import { toast } from '../ui/toaster';

const POLL_MS = 3_000;

export function TerminalCheckout({ order }: { order: OrderView }) {
  const queries = useQueryClient();
  const key = ['terminal-checkout', order.id];
  const latest = useQuery({
    queryKey: key,
    queryFn: () => client.call(ROUTES.orderTerminalCheckoutStatus, { params: { id: order.id } }),
    refetchInterval: (query) =>
      query.state.data?.checkout && isOpenTerminalCheckout(query.state.data.checkout.status)
        ? POLL_MS
        : false,
  });
  const checkout = latest.data?.checkout ?? null;
  const waiting = checkout !== null && isOpenTerminalCheckout(checkout.status);
  const after = (answer: { message: string }) => {
    queries.setQueryData(key, answer);
    void queries.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'terminal-checkout' });
    toast(answer.message, undefined, 'success');
  };
  const start = useMutation({
    mutationFn: () => client.call(ROUTES.orderTerminalCheckout, { params: { id: order.id } }),
    onSuccess: after,
    onError: (err) => toast('Terminal', messageOf(err, 'The Terminal did not take the checkout')),
  });
  const cancel = useMutation({
    mutationFn: () => client.call(ROUTES.orderTerminalCheckoutCancel, { params: { id: order.id } }),
    onSuccess: after,
    onError: (err) => toast('Terminal', messageOf(err, 'The checkout was not cancelled')),
  });
  const due = order.amountDue > 0 && order.paymentStatus !== 'cancelled';
  if (!due && !checkout) return null;
  return (
    <div className="terminal-checkout no-print">
      {checkout && (
        <Callout
          role="status"
          className="compact-callout"
          intent={
            checkout.status === 'COMPLETED'
              ? 'success'
              : checkout.status === 'CANCELED'
                ? 'warning'
                : 'primary'
          }
        >
          {checkout.message}
        </Callout>
      )}
      <div className="button-row">
        {due && !waiting && (
          <Button
            small
            icon="credit-card"
            text="Card on Terminal"
            loading={start.isPending}
            onClick={() => start.mutate()}
          />
        )}
        {waiting && (
          <Button
            small
            icon="cross"
            text="Cancel Terminal checkout"
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          />
        )}
      </div>
    </div>
  );
}
