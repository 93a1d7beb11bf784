// Outgoing e-mail that could not be sent (after every retry) or is waiting
// for its next attempt, with a resend for failed messages. The queue itself
// lives in the API (docs/integrations.md).
import {
  Button,
  Callout,
  Card,
  H5,
  HTMLTable,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, messageOf } from '../api/client';
import { toast } from '../ui/toaster';

export interface QueuedMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

const MAIL_KEY = ['/api/admin/mail', 'unsent'] as const;

export function MailPanel() {
  const client = useQueryClient();
  const mail = useQuery({
    queryKey: MAIL_KEY,
    queryFn: async () => {
      const [failed, pending] = await Promise.all([
        api<QueuedMail[]>('/api/admin/mail?status=failed'),
        api<QueuedMail[]>('/api/admin/mail?status=pending'),
      ]);
      return [...failed, ...pending];
    },
  });
  const resend = useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/api/admin/mail/${id}/retry`, { method: 'POST' }),
    onSuccess: (answer) => {
      toast('E-mail queued again', answer.message, 'success');
      void client.invalidateQueries({ queryKey: MAIL_KEY });
    },
    onError: (err) => toast('Failed to resend e-mail', messageOf(err, 'Failed to resend e-mail')),
  });
  const rows = mail.data ?? [];
  return (
    <Card style={{ marginTop: 12 }} role="region" aria-labelledby="mail-queue">
      <H5 id="mail-queue">Outgoing e-mail</H5>
      {mail.isLoading && <Spinner size={16} aria-label="Loading e-mail" />}
      {mail.error && (
        <Callout intent="danger">{messageOf(mail.error, 'Failed to load e-mail')}</Callout>
      )}
      {!mail.isLoading && !mail.error && rows.length === 0 && (
        <NonIdealState
          icon="envelope"
          title="No failed e-mail"
          description="Every message has been sent."
        />
      )}
      {rows.length > 0 && (
        <HTMLTable compact style={{ width: '100%' }} aria-label="Unsent e-mail">
          <thead>
            <tr>
              <th>To</th>
              <th>Subject</th>
              <th>Status</th>
              <th>Attempts</th>
              <th>Last error</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id}>
                <td>{m.to}</td>
                <td>{m.subject}</td>
                <td>
                  <Tag minimal intent={m.status === 'failed' ? 'danger' : 'warning'}>
                    {m.status}
                  </Tag>
                </td>
                <td>{m.attempts}</td>
                <td>{m.lastError ?? ''}</td>
                <td>
                  {m.status === 'failed' && (
                    <Button
                      small
                      icon="refresh"
                      text="Resend"
                      aria-label={`Resend to ${m.to}`}
                      disabled={resend.isPending}
                      onClick={() => resend.mutate(m.id)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
