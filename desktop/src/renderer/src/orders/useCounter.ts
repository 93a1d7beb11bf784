// The counter's calls (issue 40 split): open an order by its pickup code,
// hand over the ticked orders, Mark Ready (the ticked ones or a whole day,
// asked again by the server for a far day) and its Undo; each toasts what it
// did and has the desk read its rows again.
import { useMutation } from '@tanstack/react-query';
import {
  apiErrorCode,
  ROUTES,
  type BulkOrdersAnswer,
  type BulkReady,
  type OrderView,
  type RouteBody,
} from '@bakery/core';
import { client, messageOf } from '../api/client';
import { toast } from '../ui/toaster';

/** Mark Ready mails every customer: the desk asks first, and again for a far day (issue 36). */
export interface ReadyQuestion {
  body: BulkReady;
  text: string;
  /** The server's second question (a day other than today or tomorrow). */
  again: boolean;
}

/** The toast of a bulk call: its count, and why the refused ones were refused. */
function reportBulk(answer: BulkOrdersAnswer, ticked: OrderView[]) {
  const refused = answer.results.filter((r) => !r.ok);
  const why = refused
    .slice(0, 3)
    .map((r) => `#${ticked.find((o) => o.id === r.id)?.orderNumber ?? r.id}: ${r.message ?? ''}`)
    .join('; ');
  toast(answer.message, why || undefined, refused.length ? 'warning' : 'success');
}

export function useCounter({
  ticked,
  clearTicked,
  refresh,
  openForHandOver,
  onCodeOpened,
  askAgain,
}: {
  /** The rows ticked in the grid (a bulk call's refusals name their numbers). */
  ticked: OrderView[];
  clearTicked(): void;
  /** The desk reads its rows again. */
  refresh(): void;
  /** A typed pickup code opens its order with the hand-over asked. */
  openForHandOver(order: OrderView): void;
  /** The code field is cleared once its order opens. */
  onCodeOpened(): void;
  /** The server asks again before mailing the customers of a far day. */
  askAgain(question: ReadyQuestion): void;
}) {
  const openByCode = useMutation({
    mutationFn: (typed: string) =>
      client.call(ROUTES.orderByCode, { params: { code: typed.trim() } }),
    onSuccess: (order) => {
      onCodeOpened();
      openForHandOver(order);
    },
    onError: (err) => toast('No such pickup code', messageOf(err, 'No order has this pickup code')),
  });
  const bulk = useMutation({
    mutationFn: ({ body }: { body: RouteBody<typeof ROUTES.ordersHandOver> }) =>
      client.call(ROUTES.ordersHandOver, { body }),
    onSuccess: (answer, { body }) => {
      refresh();
      if ('ids' in body) {
        reportBulk(answer, ticked);
        clearTicked();
      } else toast(answer.message, undefined, 'success');
    },
    onError: (err) => toast('Update Failed', messageOf(err, 'Failed to update the orders')),
  });
  const undoReady = useMutation({
    mutationFn: (readyIds: string[]) =>
      client.call(ROUTES.ordersReadyUndo, { body: { ids: readyIds } }),
    onSuccess: (answer) => {
      refresh();
      toast(answer.message, 'Customers already e-mailed were not told again.', 'success');
    },
    onError: (err) => toast('Undo Failed', messageOf(err, 'Failed to undo Mark Ready')),
  });
  const ready = useMutation({
    mutationFn: (body: BulkReady) => client.call(ROUTES.ordersReady, { body }),
    onSuccess: (answer, body) => {
      refresh();
      const done = answer.results.filter((r) => r.ok && r.message !== 'Already ready');
      const refused = answer.results.filter((r) => !r.ok);
      toast(
        answer.message,
        refused.length
          ? refused
              .slice(0, 3)
              .map((r) => r.message)
              .join('; ')
          : undefined,
        refused.length ? 'warning' : 'success',
        done.length
          ? { text: 'Undo', onClick: () => undoReady.mutate(done.map((r) => r.id)) }
          : undefined,
      );
      if (body.ids) clearTicked();
    },
    onError: (err, body) => {
      if (apiErrorCode(err) === 'confirmation_required')
        askAgain({
          body: { ...body, confirmed: true },
          text: messageOf(err, 'These orders are not due today or tomorrow.'),
          again: true,
        });
      else toast('Update Failed', messageOf(err, 'Failed to mark the orders ready'));
    },
  });
  return { openByCode, bulk, ready, undoReady };
}
