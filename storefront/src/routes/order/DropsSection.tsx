// Issue 25: the drops open now or to come. Before one opens: a countdown and
// "Tell me when it opens" (one e-mail, with an unsubscribe link); once open:
// what is left of each item, "Sold out" when nothing is, and when it closes.
import { useEffect, useState } from 'react';
import { countdown, formatInstant, formatLongDate, type PublicDropView } from '@bakery/core';
import { apiRequest, errorMessage } from '../../api/client';
import { useDrops } from '../../api/queries';

function useNow(everyMs = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function NotifyForm({ drop, email }: { drop: PublicDropView; email: string }) {
  const [address, setAddress] = useState(email);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  async function submit() {
    try {
      const res = await apiRequest('POST', `/api/drops/${drop.id}/notify`, { email: address });
      const body = (await res.json()) as { message: string };
      setAnswer({ ok: true, text: body.message });
    } catch (error) {
      setAnswer({ ok: false, text: errorMessage(error, 'Please try again.') });
    }
  }
  return (
    // Not a <form>: the section sits inside the order form.
    <div className="drop-notify" role="group" aria-label={`Tell me when ${drop.name} opens`}>
      <label htmlFor={`notify-${drop.id}`}>E-mail me when it opens</label>
      <div className="drop-notify-row">
        <input
          id={`notify-${drop.id}`}
          type="email"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
          autoComplete="email"
        />
        <button type="button" className="btn btn-secondary" onClick={() => void submit()}>
          Tell me
        </button>
      </div>
      {answer && (
        <p className={answer.ok ? 'hint' : 'error-text'} role="status">
          {answer.text}
        </p>
      )}
    </div>
  );
}

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
