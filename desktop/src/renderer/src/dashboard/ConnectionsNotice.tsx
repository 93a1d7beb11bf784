// The Overview says when card payments or mail are not connected (issue 38):
// until then customers pay at pickup and no mail leaves the shop. The owner
// gets a button to Settings → Connections; other staff are told to ask her.
import { ROUTES } from '@bakery/core';
import { useApiQuery } from '../api/useApiQuery';
import { Button, Callout } from '../ui/blueprint';

export function ConnectionsNotice({
  isOwner,
  openSettings,
}: {
  isOwner: boolean;
  openSettings(): void;
}) {
  const config = useApiQuery([ROUTES.config.path], ROUTES.config);
  if (!config.data) return null;
  const missing = [
    !config.data.paymentConfigured &&
      'Card payments are not connected: customers are told to pay at pickup.',
    !config.data.mailConfigured &&
      'E-mail is not connected: no mail reaches customers (order confirmations, ready notices, password resets).',
  ].filter((line): line is string => Boolean(line));
  if (missing.length === 0) return null;
  return (
    <Callout intent="warning" title="Not connected yet" className="connections-notice">
      <ul>
        {missing.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {isOwner ? (
        <Button text="Connect them in Settings" onClick={openSettings} />
      ) : (
        <p>Ask the owner to connect them in Settings.</p>
      )}
    </Callout>
  );
}
