// "Quick sale" at the desk (issue 42): a walk-in buys what is on the shelf,
// by cash (the tendered amount; the change is shown) or card; a receipt is
// e-mailed when an address is typed.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { formatCents, ROUTES } from '@bakery/core';
import { client, messageOf } from '../../api/client';
import { toast } from '../../ui/toaster';
import { Callout, FormGroup, HTMLSelect } from '../../ui/blueprint';
import { FormDialog, TextField } from '../../ui/fields';
import { emptyLine, ItemLines, linesOf, type LineDraft } from './ItemLines';
import { dollarsToTender, TenderField } from './TenderField';

export function QuickSaleDialog({ onClose, onSold }: { onClose(): void; onSold(): void }) {
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [tendered, setTendered] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [change, setChange] = useState<string | null>(null);
  const sell = useMutation({
    mutationFn: () =>
      client.call(ROUTES.quickSale, {
        body: {
          items: linesOf(lines),
          payment: {
            method,
            tenderedCents: method === 'cash' ? dollarsToTender(tendered) : null,
          },
          customerEmail: email || null,
        },
      }),
    onSuccess: (answer) => {
      toast(answer.message, undefined, 'success');
      onSold();
      if (answer.changeCents !== null) {
        // The change stays on screen until staff close the dialog.
        setChange(`Give ${formatCents(answer.changeCents)} change`);
        setLines([emptyLine()]);
        setTendered('');
        setEmail('');
      } else onClose();
    },
    onError: (err) => setProblem(messageOf(err, 'The sale was not recorded')),
  });
  return (
    <FormDialog
      title="Quick sale"
      submitText="Record sale"
      busy={sell.isPending}
      width={560}
      onClose={onClose}
      onSubmit={() => {
        if (sell.isPending) return;
        setChange(null);
        setProblem(null);
        sell.mutate();
      }}
    >
      {change && (
        <Callout intent="success" role="status" className="compact-callout counter-change">
          {change}
        </Callout>
      )}
      {problem && (
        <Callout intent="danger" role="alert" className="compact-callout">
          {problem}
        </Callout>
      )}
      <ItemLines id="sale-items" lines={lines} setLines={setLines} />
      <div className="counter-row">
        <FormGroup label="Payment" labelFor="sale-method">
          <HTMLSelect
            id="sale-method"
            value={method}
            options={[
              { value: 'cash', label: 'Cash' },
              { value: 'card', label: 'Card (terminal)' },
            ]}
            onChange={(e) => setMethod(e.currentTarget.value as 'cash' | 'card')}
          />
        </FormGroup>
        {method === 'cash' && (
          <TenderField id="sale-tendered" value={tendered} onChange={setTendered} />
        )}
        <TextField
          id="sale-email"
          label="E-mail a receipt to (optional)"
          type="email"
          value={email}
          onChange={setEmail}
        />
      </div>
    </FormDialog>
  );
}
