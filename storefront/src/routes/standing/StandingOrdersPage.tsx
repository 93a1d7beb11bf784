// Standing orders (issue 41): the customer's own, each with its next dates
// (booked, skipped, paused), a Skip or Undo skip per date until its lock,
// Pause until a date, Resume and End. /standing-orders/{id} shows one;
// /standing-orders/skip?token= is the reminder's one-tap skip: a
// confirmation, then a POST.
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addDays,
  bakeryToday,
  formatDayInWords,
  formatDollars,
  formatLockTime,
  ROUTES,
  standingCadenceWords,
  type StandingOrderView,
  type UserView,
} from '@bakery/core';
import { api, errorMessage } from '../../api/client';
import { Loading } from '../../components/Loading';
import { SignedIn } from '../../components/SignedIn';

const KEY = [ROUTES.standingOrders.path];
const STATE_WORDS: Record<string, string> = {
  ordered: 'Booked',
  scheduled: 'Scheduled',
  skipped: 'Skipped',
  paused: 'Paused',
  refused: 'Could not be booked',
};

function StandingCard({ standing }: { standing: StandingOrderView }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [until, setUntil] = useState(addDays(bakeryToday(), 14));
  const params = { id: standing.id };
  async function act(send: () => Promise<unknown>) {
    setError(null);
    try {
      await send();
      await client.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      setError(errorMessage(err, 'That did not work'));
    }
  }
  const ended = standing.status === 'ended';
  return (
    <li className="card order-card" data-testid="standing-card">
      <h2>{standingCadenceWords(standing)}</h2>
      <p className="muted">
        {standing.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')} ·{' '}
        {standing.status === 'paused'
          ? standing.pausedUntil
            ? `Paused until ${formatDayInWords(standing.pausedUntil)}, back that day`
            : 'Paused'
          : standing.status === 'ended'
            ? 'Ended'
            : 'Active'}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <h3 id={`dates-${standing.id}`}>Next dates</h3>
      <ul className="standing-dates" aria-labelledby={`dates-${standing.id}`}>
        {standing.occurrences.map((o) => (
          <li key={o.date} className={`standing-date is-${o.state}`}>
            <div>
              <strong>{formatDayInWords(o.date)}</strong>
              <span className="standing-state">
                {STATE_WORDS[o.state] ?? o.state} · {formatDollars(o.total)}
              </span>
              {o.editableUntil && (
                <span className="muted standing-lock">
                  Changes until {formatLockTime(new Date(o.editableUntil))}
                </span>
              )}
            </div>
            {o.editableUntil && ['ordered', 'scheduled', 'skipped'].includes(o.state) && (
              // One button that turns from Skip into Undo skip, so keyboard focus stays on it.
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() =>
                  void act(() =>
                    api.call(
                      o.state === 'skipped' ? ROUTES.unskipStandingDate : ROUTES.skipStandingDate,
                      { params, body: { date: o.date } },
                    ),
                  )
                }
              >
                {o.state === 'skipped' ? 'Undo skip' : 'Skip'}
                <span className="sr-only"> {formatDayInWords(o.date)}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {!ended && (
        <div className="standing-actions">
          {standing.status === 'paused' ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void act(() => api.call(ROUTES.resumeStandingOrder, { params }))}
            >
              Resume
            </button>
          ) : (
            <div className="standing-pause">
              <label htmlFor={`pause-${standing.id}`}>Pause until</label>
              <input
                id={`pause-${standing.id}`}
                aria-describedby={`pause-hint-${standing.id}`}
                type="date"
                min={addDays(bakeryToday(), 1)}
                value={until}
                onChange={(e) => setUntil(e.currentTarget.value)}
              />
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() =>
                  void act(() => api.call(ROUTES.pauseStandingOrder, { params, body: { until } }))
                }
              >
                Pause
              </button>
              <small id={`pause-hint-${standing.id}`} className="muted">
                Nothing is baked for you before that date; that day's order is.
              </small>
            </div>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void act(() => api.call(ROUTES.endStandingOrder, { params }))}
          >
            End standing order
          </button>
        </div>
      )}
    </li>
  );
}

function StandingList({ only }: { only?: string }) {
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => api.call(ROUTES.standingOrders),
  });
  if (list.isLoading) return <Loading />;
  if (list.error)
    return <p role="alert">{errorMessage(list.error, 'Could not load your standing orders')}</p>;
  const shown = (list.data?.standingOrders ?? []).filter((s) => !only || s.id === only);
  return (
    <section className="container page">
      <h1>Standing orders</h1>
      {shown.length === 0 ? (
        <p>
          No standing orders yet: use “Order this every week” on an order in{' '}
          <Link to="/my-orders">My Orders</Link>.
        </p>
      ) : (
        <ul className="order-list">
          {shown.map((s) => (
            <StandingCard key={s.id} standing={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The reminder's skip link: what it skips, then the POST (works once, until the lock). */
function SkipLink() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const link = useQuery({
    queryKey: ['skip-link', token],
    queryFn: () => api.call(ROUTES.skipLink, { query: { token } }),
    retry: false,
  });
  async function skip() {
    try {
      const answer = await api.call(ROUTES.useSkipLink, { body: { token } });
      setDone(answer.message);
    } catch (err) {
      setError(errorMessage(err, 'This skip link is not valid.'));
    }
  }
  if (link.isLoading) return <Loading />;
  return (
    <section className="container page">
      <h1>Skip a date</h1>
      {done ? (
        <p role="status">{done}</p>
      ) : link.error || error ? (
        <p role="alert">{error ?? errorMessage(link.error, 'This skip link is not valid.')}</p>
      ) : (
        <>
          <p>
            Skip {link.data!.items} on {formatDayInWords(link.data!.date)}? You can decide until{' '}
            {formatLockTime(new Date(link.data!.lockAt))}.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => void skip()}>
            Skip this date
          </button>
        </>
      )}
    </section>
  );
}

export default function StandingOrdersPage() {
  const { token } = useParams();
  if (token === 'skip') return <SkipLink />;
  return <SignedIn page={(_user: UserView) => <StandingList only={token} />} />;
}
