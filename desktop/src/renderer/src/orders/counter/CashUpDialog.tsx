// The cash-up (issue 42): a day's expected cash (cash taken less cash given
// back, from the payment rows), what was counted, the difference with a
// note, the day's earlier counts, and the day report (PDF) to print.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bakeryToday, cashDifferenceText, formatCents, ROUTES } from '@bakery/core';
import { client, messageOf } from '../../api/client';
import { downloadFile } from '../../api/downloadFile';
import { toast } from '../../ui/toaster';
import { Button, Callout, HTMLTable } from '../../ui/blueprint';
import { FormDialog, TextField } from '../../ui/fields';
import { dollarsToTender } from './TenderField';

export function CashUpDialog({ onClose }: { onClose(): void }) {
  const [date, setDate] = useState(bakeryToday());
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const queries = useQueryClient();
  const day = useQuery({
    queryKey: ['cash-up', date],
    queryFn: () => client.call(ROUTES.cashUp, { query: { date } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const save = useMutation({
    mutationFn: () =>
      client.call(ROUTES.saveCashUp, {
        body: { date, countedCents: dollarsToTender(counted) ?? -1, note: note || null },
      }),
    onSuccess: (view) => {
      queries.setQueryData(['cash-up', date], view);
      const latest = view.counts[0];
      toast(
        'Cash-up recorded',
        latest ? cashDifferenceText(latest.differenceCents) : undefined,
        'success',
      );
      setCounted('');
      setNote('');
      setProblem(null);
    },
    onError: (err) => setProblem(messageOf(err, 'The count was not recorded')),
  });
  const report = async () => {
    try {
      const res = await downloadFile(ROUTES.cashUpReport, { query: { date } });
      if (res.saved)
        toast('Day report ready', res.path ? `Saved to ${res.path}` : undefined, 'success');
    } catch (err) {
      toast('Day report failed', messageOf(err, 'Failed to make the report'));
    }
  };
  const view = day.data;
  return (
    <FormDialog
      title="Cash-up"
      submitText="Record count"
      busy={save.isPending}
      width={620}
      onClose={onClose}
      onSubmit={() => save.mutate()}
    >
      {problem && (
        <Callout intent="danger" role="alert" className="compact-callout">
          {problem}
        </Callout>
      )}
      <TextField id="cashup-date" label="Day" type="date" value={date} onChange={setDate} />
      {view && (
        <dl className="cashup-figures" aria-live="polite">
          <dt>Cash taken</dt>
          <dd>
            {formatCents(view.cashInCents)} ({view.cashInRows})
          </dd>
          <dt>Cash given back</dt>
          <dd>
            {formatCents(view.cashOutCents)} ({view.cashOutRows})
          </dd>
          <dt>Expected in the drawer</dt>
          <dd>
            <strong>{formatCents(view.expectedCents)}</strong>
          </dd>
        </dl>
      )}
      <div className="counter-row">
        <TextField
          id="cashup-counted"
          label="Counted ($)"
          inputMode="decimal"
          value={counted}
          onChange={setCounted}
          autoFocus
        />
        <TextField id="cashup-note" label="Note" value={note} onChange={setNote} />
      </div>
      {view && view.counts.length > 0 && (
        <HTMLTable compact aria-label="Counts of the day">
          <thead>
            <tr>
              <th>When</th>
              <th>Counted</th>
              <th>Difference</th>
              <th>Note</th>
            </tr>
          </thead>
          <tbody>
            {view.counts.map((count) => (
              <tr key={count.id}>
                <td>{new Date(count.at).toLocaleTimeString()}</td>
                <td>{formatCents(count.countedCents)}</td>
                <td>{cashDifferenceText(count.differenceCents)}</td>
                <td>{count.note}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Button icon="document" text="Day report (PDF)" onClick={() => void report()} />
    </FormDialog>
  );
}
