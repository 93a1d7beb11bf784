// The counter's actions on the rows ticked in the grid (issue 23): how many,
// mark them ready, print their tickets, hand them over, clear the ticks.
import type { OrderView } from '@bakery/core';
import { Button } from '../ui/blueprint';

export function TickedActions({
  ticked,
  busy,
  onMarkReady,
  onPrint,
  onHandOver,
  clearTicked,
}: {
  ticked: OrderView[];
  /** A hand-over of them runs. */
  busy: boolean;
  onMarkReady(): void;
  onPrint(): void;
  onHandOver(): void;
  clearTicked(): void;
}) {
  if (ticked.length === 0) return null;
  return (
    <div className="bp6-button-group" role="group" aria-label="Ticked orders">
      <span className="muted bulk-count" aria-live="polite">
        {ticked.length} ticked
      </span>
      <Button small icon="tick-circle" text="Mark ready" disabled={busy} onClick={onMarkReady} />
      <Button small icon="print" text="Print tickets" onClick={onPrint} />
      <Button
        small
        icon="hand"
        text="Hand over"
        title="Hand over the ticked orders that are paid; unpaid ones are named and left"
        disabled={busy}
        onClick={onHandOver}
      />
      <Button small minimal text="Clear" onClick={clearTicked} />
    </div>
  );
}
