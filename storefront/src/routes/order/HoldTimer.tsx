// Issue 25: once the cart holds items of an open drop for the chosen date,
// they are held for this customer while they check out (the owner's 3-30
// minutes); the timer shows what is left and the hold is asked for again
// when the cart changes. When it runs out the items go back to the drop.
import { useEffect, useState } from 'react';
import {
  countdown,
  ROUTES,
  type DayOffer,
  type DropHoldView,
  type KitchenLine,
} from '@bakery/core';
import { api, errorMessage } from '../../api/client';

export function HoldTimer({ day, lines }: { day: DayOffer | null; lines: readonly KitchenLine[] }) {
  const [hold, setHold] = useState<DropHoldView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // The open drop units of the day the cart takes from, and its lines.
  const openUnits = (day?.drops ?? []).filter((u) => u.state === 'open');
  const held = lines.flatMap((line) => {
    const unit = openUnits.find((u) => u.productIds.includes(line.productId));
    return unit ? [{ line, unit }] : [];
  });
  const dropId = held[0]?.unit.dropId ?? null;
  const key = JSON.stringify(held.map((x) => [x.line.productId, x.line.quantity]));

  useEffect(() => {
    if (!dropId) return;
    let cancelled = false;
    const items = (JSON.parse(key) as [string, number][]).map(([productId, quantity]) => ({
      productId,
      quantity,
    }));
    api
      .call(ROUTES.dropHold, { params: { id: dropId }, body: { items } })
      .then((body) => {
        if (!cancelled) {
          setHold(body);
          setProblem(null);
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) setProblem(errorMessage(error, 'We could not hold your items.'));
      });
    return () => {
      cancelled = true;
    };
  }, [dropId, key]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  if (problem && dropId)
    return (
      <p className="alert alert-warning hold-timer" role="alert">
        {problem}
      </p>
    );
  // A hold of another drop (the cart or the date changed) is not this one's.
  if (!hold || !dropId || hold.dropId !== dropId) return null;
  const left = new Date(hold.expiresAt).getTime() - now;
  return (
    <p className="alert alert-info hold-timer" role="status">
      {left > 0 ? (
        <>
          Your drop items are held for you for <strong>{countdown(left)}</strong>. Submit your order
          before the timer runs out.
        </>
      ) : (
        'Your hold ran out: the items went back to the drop. You can still order while some are left.'
      )}
    </p>
  );
}
