// Outgoing e-mail: where mail goes (an SMTP server, or only the outbox folder
// when none is configured, so customers receive nothing), what could not be
// sent (after every retry) or waits for its next attempt, and a resend for
// failed messages. The queue itself lives in the API (docs/integrations.md).
import { type QueuedMailView, type MailDeliveryView } from '@bakery/core';
import { Button, Callout, Card, H5, NonIdealState, Tag } from '../ui/blueprint';
import { HeadedTable } from '../ui/HeadedTable';
import { QueryStatus } from '../ui/QueryStatus';
import { useMail } from './useMail';

export type QueuedMail = QueuedMailView;

export type MailDelivery = MailDeliveryView;

/** Where mail goes, in words: the first thing the owner reads in this panel. */
function DeliveryNotice({ delivery }: { delivery: MailDelivery }) {
  if (delivery.transport === 'outbox')
    return (
      <Callout intent="warning" title="E-mail is not being sent to customers" role="status">
        No SMTP server is configured, so every message is only written as a file to the outbox
        folder <code>{delivery.outboxDir}</code> on the server. Customers did not receive them. Set
        SMTP_URL (or SMTP_HOST) and restart to send mail.
      </Callout>
    );
  return (
    <Callout intent="success" role="status">
      E-mail is sent through the SMTP server
      {delivery.smtpHost ? (
        <>
          {' '}
          <strong>{delivery.smtpHost}</strong>
        </>
      ) : null}
      . Messages that fail every retry are listed here and copied to{' '}
      <code>{delivery.outboxDir}</code>.
    </Callout>
  );
}

function UnsentTable({
  rows,
  resending,
  onResend,
}: {
  rows: QueuedMail[];
  resending: boolean;
  onResend(id: string): void;
}) {
  return (
    <HeadedTable
      label="Unsent e-mail"
      striped={false}
      columns={['To', 'Subject', 'Status', 'Attempts', 'Last error', ['Actions', 'bp6-text-muted']]}
    >
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
                disabled={resending}
                onClick={() => onResend(m.id)}
              />
            )}
          </td>
        </tr>
      ))}
    </HeadedTable>
  );
}

export function MailPanel() {
  const { delivery, mail, resend } = useMail();
  const rows = mail.data ?? [];
  const toOutbox = delivery.data?.transport === 'outbox';
  return (
    <Card style={{ marginTop: 12 }} role="region" aria-labelledby="mail-queue">
      <H5 id="mail-queue">Outgoing e-mail</H5>
      {delivery.data && <DeliveryNotice delivery={delivery.data} />}
      <QueryStatus query={delivery} what="where e-mail goes" small />
      <QueryStatus query={mail} what="e-mail" small />
      {mail.data && rows.length === 0 && delivery.data && (
        <NonIdealState
          icon="envelope"
          title="No failed e-mail"
          description={
            toOutbox
              ? 'Nothing is waiting, but messages went to the outbox folder, not to customers.'
              : 'Every message has been sent.'
          }
        />
      )}
      {rows.length > 0 && (
        <UnsentTable
          rows={rows}
          resending={resend.isPending}
          onResend={(id) => resend.mutate(id)}
        />
      )}
    </Card>
  );
}
