// An order's money as rows (issue 36): every payment, refund and reversal,
// who recorded it and when; a payment recorded by mistake is voided here
// (the owner or its recorder, on its day, with a reason; nothing is mailed).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bakeryDateTime,
  formatDollars,
  PAYMENT_METHOD_LABELS,
  ROUTES,
  type OrderPaymentView,
} from '@bakery/core';
import { client, messageOf } from '../api/client';
import { HTMLTable } from '../ui/blueprint';
import { FormDialog, IconButton, TextField } from '../ui/fields';
import { TableHead } from '../ui/TableHead';
import { toast } from '../ui/toaster';

const KIND_WORDS: Record<OrderPaymentView['kind'], string> = {
  payment: 'Payment',
  refund: 'Refund',
  reversal: 'Voided',
};

const methodWords = (method: string) =>
  (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method;

/** The money rows of one order, each payment with its Void. */
export function OrderPayments({ orderId }: { orderId: string }) {
  const queries = useQueryClient();
  const rows = useQuery({
    queryKey: ['order-payments', orderId],
    queryFn: () => client.call(ROUTES.orderPayments, { params: { id: orderId } }),
  });
  const [voiding, setVoiding] = useState<OrderPaymentView | null>(null);
  const [reason, setReason] = useState('');
  const voidPayment = useMutation({
    mutationFn: (input: { paymentId: string; reason: string }) =>
      client.call(ROUTES.orderVoidPayment, {
        params: { id: orderId, paymentId: input.paymentId },
        body: { reason: input.reason },
      }),
    onSuccess: (answer) => {
      setVoiding(null);
      setReason('');
      toast(answer.message ?? 'Payment voided', undefined, 'success');
      void queries.invalidateQueries();
    },
    onError: (err) => toast('Void Failed', messageOf(err, 'Failed to void the payment')),
  });
  const list = rows.data ?? [];
  if (list.length === 0) return null;
  return (
    <>
      <HTMLTable compact className="compact lines" aria-label="Payments">
        <TableHead columns={['Money', 'How', 'When and who', ['Amount', 'num'], '']} />
        <tbody>
          {list.map((row) => (
            <tr key={row.id}>
              <td>
                {KIND_WORDS[row.kind]}
                {row.reason ? ` (${row.reason})` : ''}
                {row.reversed ? ' · voided' : ''}
              </td>
              <td>{methodWords(row.method)}</td>
              <td>
                {bakeryDateTime(row.at)}
                {row.actorEmail ? ` · ${row.actorEmail}` : ''}
              </td>
              <td className="num">{formatDollars(row.amount)}</td>
              <td>
                {row.kind === 'payment' && !row.reversed && (
                  <IconButton
                    icon="undo"
                    label={`Void the ${formatDollars(row.amount)} payment`}
                    onClick={() => setVoiding(row)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {voiding && (
        <FormDialog
          title={`Void the ${formatDollars(voiding.amount)} payment`}
          submitText="Void payment"
          busy={voidPayment.isPending}
          onClose={() => setVoiding(null)}
          onSubmit={() => voidPayment.mutate({ paymentId: voiding.id, reason })}
        >
          <p>
            For a payment recorded by mistake: it leaves the takings and the order owes it again.
            The customer is not told. Money really received is refunded instead.
          </p>
          <TextField
            id="void-reason"
            label="Why"
            value={reason}
            onChange={setReason}
            autoFocus
            placeholder="Recorded on the wrong order"
          />
        </FormDialog>
      )}
    </>
  );
}
