// Settings → Connections (issue 38): the owner connects Square (card
// payments), a mail server (SMTP) and Twilio (texts) herself. Each has a test
// that makes a real call with what she typed; saving or disconnecting takes
// her password (or an authenticator code). The Square card also pairs the
// desk's Square Terminal (issue 42). Secrets are never shown again:
// the server answers only "Connected, token ends in …1234". A service the
// server's environment sets cannot be changed here (the environment wins).
import type { IntegrationsView } from '@bakery/core';
import { FormGroup, HTMLSelect, Switch } from '../ui/blueprint';
import { QueryStatus } from '../ui/QueryStatus';
import { ServiceForm, text } from './ServiceForm';
import { useConnections } from './useConnections';

export { INTEGRATIONS_KEY } from './useConnections';

/** Issue 42: which Terminal takes the desk's card checkouts, and where it comes from. */
const terminalHint = (square: IntegrationsView['square']) =>
  square.terminalSource === 'environment'
    ? `SQUARE_TERMINAL_DEVICE_ID in the server's environment wins: ${square.terminalDeviceId}`
    : 'From Square’s Devices list. Card on Terminal at the counter sends the amount due to it; empty: none.';

const secretHint = (ending: string | null) =>
  ending ? `Leave empty to keep the saved one (ends in …${ending})` : undefined;

/** Where Square's webhook is registered, and whether its key is saved (issue 38). */
const webhookHint = ({ webhookUrl, webhookKey }: IntegrationsView['square']) =>
  [
    webhookUrl &&
      `In Square's Developer Dashboard, add a webhook for payment.updated to ${webhookUrl} and paste its signature key here: Square then confirms payments by itself.`,
    webhookKey === 'settings' && 'Leave empty to keep the saved key.',
    webhookKey === 'environment' && "The server's environment sets the key.",
  ]
    .filter(Boolean)
    .join(' ') || undefined;

export function ConnectionsPanel() {
  const query = useConnections();
  const view = query.data;
  return (
    <section aria-label="Connections" className="settings-connections">
      <QueryStatus query={query} what="the connections" />
      {view && (
        <div className="settings-grid">
          <ServiceForm
            service="square"
            title="Card payments (Square)"
            view={view.square}
            testLabel="Test connection"
            initial={{
              locationId: view.square.locationId ?? '',
              environment: view.square.environment ?? 'sandbox',
              terminalDeviceId:
                view.square.terminalSource === 'settings'
                  ? (view.square.terminalDeviceId ?? '')
                  : '',
            }}
            body={(d) => ({
              accessToken: d.accessToken || undefined,
              locationId: d.locationId ?? '',
              environment: d.environment ?? 'sandbox',
              webhookSignatureKey: d.webhookSignatureKey || undefined,
              terminalDeviceId: d.terminalDeviceId ?? '',
            })}
            fields={(d, set, errors) => (
              <>
                {text('square-token', 'Access token', d, set, errors, 'accessToken', {
                  type: 'password',
                  hint: secretHint(view.square.secretEnding),
                })}
                {text('square-location', 'Location ID', d, set, errors, 'locationId')}
                <FormGroup label="Environment" labelFor="square-environment">
                  <HTMLSelect
                    id="square-environment"
                    value={d.environment ?? 'sandbox'}
                    onChange={(e) => set('environment', e.currentTarget.value)}
                    options={[
                      { value: 'sandbox', label: 'Sandbox (test payments)' },
                      { value: 'production', label: 'Production (real payments)' },
                    ]}
                  />
                </FormGroup>
                {text(
                  'square-webhook-key',
                  'Webhook signature key',
                  d,
                  set,
                  errors,
                  'webhookSignatureKey',
                  {
                    type: 'password',
                    hint: webhookHint(view.square),
                  },
                )}
                {text('square-terminal', 'Terminal device ID', d, set, errors, 'terminalDeviceId', {
                  placeholder: 'device:995CS397A6475287',
                  hint: terminalHint(view.square),
                })}
              </>
            )}
          />
          <ServiceForm
            service="mail"
            title="E-mail (SMTP)"
            view={view.mail}
            testLabel="Send a test mail"
            initial={{
              host: view.mail.host ?? '',
              port: String(view.mail.port ?? 587),
              secure: view.mail.secure ? 'yes' : '',
              user: view.mail.user ?? '',
              from: view.mail.from ?? '',
            }}
            body={(d) => ({
              host: d.host ?? '',
              port: d.port ?? '',
              secure: d.secure === 'yes',
              user: d.user || undefined,
              password: d.password || undefined,
              from: d.from ?? '',
            })}
            fields={(d, set, errors) => (
              <>
                {text('mail-host', 'Mail server (host)', d, set, errors, 'host', {
                  placeholder: 'smtp.example.com',
                  hint: "Your mail provider's SMTP settings",
                })}
                {text('mail-port', 'Port', d, set, errors, 'port', { hint: '587 or 465' })}
                <Switch
                  label="TLS from the start (port 465)"
                  checked={d.secure === 'yes'}
                  onChange={(e) => set('secure', e.currentTarget.checked ? 'yes' : '')}
                />
                {text('mail-user', 'User name', d, set, errors, 'user')}
                {text('mail-password', 'Password', d, set, errors, 'password', {
                  type: 'password',
                  hint: secretHint(view.mail.secretEnding),
                })}
                {text('mail-from', 'Send as', d, set, errors, 'from', {
                  placeholder: '"Main Street Bakery" <orders@example.com>',
                })}
              </>
            )}
          />
          <ServiceForm
            service="sms"
            title="Texts (Twilio)"
            view={view.sms}
            testLabel="Send a test text"
            initial={{ accountSid: view.sms.accountSid ?? '', from: view.sms.from ?? '' }}
            body={(d) => ({
              accountSid: d.accountSid ?? '',
              authToken: d.authToken || undefined,
              from: d.from ?? '',
              to: d.to ?? '',
            })}
            fields={(d, set, errors) => (
              <>
                {text('sms-sid', 'Account SID', d, set, errors, 'accountSid')}
                {text('sms-token', 'Auth token', d, set, errors, 'authToken', {
                  type: 'password',
                  hint: secretHint(view.sms.secretEnding),
                })}
                {text('sms-from', 'Send from', d, set, errors, 'from', {
                  hint: 'The Twilio number (+1 and ten digits) or a Messaging Service SID',
                })}
                {text('sms-to', 'Test text to', d, set, errors, 'to', {
                  hint: 'Your mobile number, for the test',
                })}
              </>
            )}
          />
        </div>
      )}
    </section>
  );
}
