// The banner above every screen of the desk (issue 42): offline, how many
// actions wait to be sent and what they take; once back, the actions the
// server refused (an order cancelled meanwhile), each with its reason, until
// staff dismiss them. Never dropped silently.
import { formatCents, TERMINAL_MESSAGES } from '@bakery/core';
import { Button, Callout } from '../ui/blueprint';
import { checkNow, useOnline } from './connection';
import { dismissConflict } from './store';
import { useOfflineState } from './useOfflineState';

const actions = (n: number) => `${n} ${n === 1 ? 'action' : 'actions'}`;

export function OfflineBanner() {
  const online = useOnline();
  const { queue, conflicts } = useOfflineState();
  const waitingCents = queue.reduce((sum, a) => sum + a.amountCents, 0);
  return (
    <>
      {(online === false || queue.length > 0) && (
        <Callout
          intent={online === false ? 'warning' : 'primary'}
          role="status"
          aria-live="polite"
          className="banner offline-banner"
          title={online === false ? 'Offline: the server cannot be reached' : 'Back online'}
        >
          <p className="offline-count">
            {queue.length === 0
              ? 'Nothing is waiting to be sent.'
              : `${actions(queue.length)} waiting to be sent (${formatCents(waitingCents)})${online === false ? '; they go as soon as the server answers' : '; sending…'}.`}
          </p>
          {online === false && (
            <p>
              Mark Ready, hand-overs and cash sales are kept on this computer.{' '}
              {TERMINAL_MESSAGES.offline}
            </p>
          )}
          {online === false && <Button small icon="refresh" text="Try now" onClick={checkNow} />}
        </Callout>
      )}
      {conflicts.length > 0 && (
        <Callout
          intent="danger"
          role="alert"
          className="banner offline-conflicts"
          title={`${actions(conflicts.length)} refused by the server`}
        >
          <p>These were done while offline; the server refused them. Settle each by hand.</p>
          <ul aria-label="Conflicts" className="conflict-list">
            {conflicts.map((conflict) => (
              <li key={conflict.action.id}>
                <strong>{conflict.action.label}</strong>: {conflict.message}{' '}
                <Button
                  small
                  minimal
                  text="Dismiss"
                  aria-label={`Dismiss: ${conflict.action.label}`}
                  onClick={() => dismissConflict(conflict.action.id)}
                />
              </li>
            ))}
          </ul>
        </Callout>
      )}
    </>
  );
}
