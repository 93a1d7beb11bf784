// Issue 25: the drops open now or to come. Before one opens: a countdown and
// "Tell me when it opens" (one e-mail, with an unsubscribe link); once open:
// what is left of each item, "Sold out" when nothing is, and when it closes.
import { countdown, formatInstant, formatLongDate } from '@bakery/core';
import { useDrops } from '../../api/queries';
import { NotifyForm, useNow } from '../drops/dropParts';

export function DropsSection({ email }: { email: string }) {
  const { data } = useDrops();
  const now = useNow();
  const drops = data?.drops ?? [];
  if (drops.length === 0) return null;
  return (
    <section className="card order-section drops" aria-labelledby="drops-heading">
      <h2 id="drops-heading">Drops</h2>
      {drops.map((drop) => {
        const opens = new Date(drop.opensAt).getTime();
        const closes = new Date(drop.closesAt).getTime();
        const upcoming = now < opens;
        return (
          <article key={drop.id} className="drop" aria-label={drop.name}>
            <h3>{drop.name}</h3>
            {upcoming ? (
              <p className="drop-countdown">
                Opens in <strong>{countdown(opens - now)}</strong> ({formatInstant(drop.opensAt)})
              </p>
            ) : (
              <p className="drop-countdown">
                Open now: closes in <strong>{countdown(closes - now)}</strong>
              </p>
            )}
            <p className="hint">Pickup: {drop.pickupDates.map(formatLongDate).join('; ')}</p>
            <ul className="drop-units">
              {drop.units.map((unit) => (
                <li key={unit.id}>
                  {unit.label}:{' '}
                  {upcoming ? (
                    `${unit.quantity} available`
                  ) : unit.left > 0 ? (
                    <strong>{unit.left} left</strong>
                  ) : (
                    <strong className="sold-out">Sold out</strong>
                  )}
                </li>
              ))}
            </ul>
            {upcoming && <NotifyForm drop={drop} email={email} />}
          </article>
        );
      })}
    </section>
  );
}
