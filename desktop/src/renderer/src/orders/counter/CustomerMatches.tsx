// The customers found among earlier orders for what was typed (the first
// five); picking one fills in the name, e-mail and phone.
import type { OrderView } from '@bakery/core';

export function CustomerMatches({
  matches,
  onPick,
}: {
  matches: OrderView[] | undefined;
  onPick(row: OrderView): void;
}) {
  if (!matches || matches.length === 0) return null;
  return (
    <ul className="counter-matches" aria-label="Customers found">
      {matches.slice(0, 5).map((row) => (
        <li key={row.id}>
          <button
            type="button"
            className="bp6-button bp6-minimal bp6-small"
            onClick={() => onPick(row)}
          >
            {row.customerName} · {row.customerPhone ?? 'no phone'} ·{' '}
            {row.customerEmail || 'no e-mail'}
          </button>
        </li>
      ))}
    </ul>
  );
}
