// "Add items" on an order at pickup (issue 42): lines priced at today's
// menu and booked by the server; the new amount due is then taken with the
// hand-over.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ROUTES, type OrderView } from '@bakery/core';
import { client, messageOf } from '../../api/client';
import { toast } from '../../ui/toaster';
import { Callout } from '../../ui/blueprint';
import { FormDialog } from '../../ui/fields';
import { emptyLine, ItemLines, linesOf, type LineDraft } from './ItemLines';

export function AddItemsDialog({
  order,
  onClose,
  onAdded,
}: {
  order: OrderView;
  onClose(): void;
  onAdded(order: OrderView): void;
}) {
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () =>
      client.call(ROUTES.orderAddItems, {
        params: { id: order.id },
        body: { items: linesOf(lines) },
      }),
    onSuccess: (answer) => {
      toast(answer.message, undefined, 'success');
      onAdded(answer.order);
    },
    onError: (err) => setProblem(messageOf(err, 'The items were not added')),
  });
  return (
    <FormDialog
      title={`Add items to #${order.orderNumber} (${order.customerName})`}
      submitText="Add items"
      busy={add.isPending}
      width={560}
      onClose={onClose}
      onSubmit={() => {
        if (!add.isPending) add.mutate();
      }}
    >
      {problem && (
        <Callout intent="danger" role="alert" className="compact-callout">
          {problem}
        </Callout>
      )}
      <ItemLines id="add-items" lines={lines} setLines={setLines} />
    </FormDialog>
  );
}
