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
  formatDollars,
  formatLongDate,
  formatLockTime,
  type StandingOrderView,
  type UserView,
} from '@bakery/core';
import { apiRequest, errorMessage } from '../../api/client';
import { Loading } from '../../components/Loading';
import { SignedIn } from '../../components/SignedIn';

const KEY = ['/api/standing-orders'];
const STATE_WORDS: Record<string, string> = {
  ordered: 'Booked',
  scheduled: 'Scheduled',
  skipped: 'Skipped',
  paused: 'Paused',
  refused: 'Could not be booked',
};

async function readJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

function StandingCard({ standing }: { standing: StandingOrderView }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [until, setUntil] = useState(addDays(bakeryToday(), 14));
  const base = `/api/standing-orders/${standing.id}`;
  async function act(method: string, url: string, body?: unknown) {
    setError(null);
    try {
      await readJson(method, url, body);
      await client.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      setError(errorMessage(err, 'That did not work'));
    }
  }
  const ended = standing.status === 'ended';
  return (
    <li className="card order-card" data-testid="standing-card">
      <h2>
        Every {standing.everyWeeks === 1 ? 'week' : `${standing.everyWeeks} weeks`} at{' '}
        {standing.pickupTime}
      </h2>
      <p className="muted">
        {standing.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')} ·{' '}
        {standing.status === 'paused'
          ? standing.pausedUntil
            ? `Paused until ${formatLongDate(standing.pausedUntil)}`
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
      <ul className="standing-dates" aria-label="Next dates">
        {standing.occurrences.map((o) => (
          <li key={o.date}>
            <span>
              {formatLongDate(o.date)}: {STATE_WORDS[o.state] ?? o.state} · {formatDollars(o.total)}
              {o.editableUntil && (
                <span className="muted">
                  {' '}
                  (changes until {formatLockTime(new Date(o.editableUntil))})
                </span>
              )}
            </span>
            {o.editableUntil && (o.state === 'ordered' || o.state === 'scheduled') && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void act('POST', `${base}/skip`, { date: o.date })}
              >
                Skip<span className="sr-only"> {formatLongDate(o.date)}</span>
              </button>
            )}
            {o.editableUntil && o.state === 'skipped' && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void act('POST', `${base}/unskip`, { date: o.date })}
              >
                Undo skip<span className="sr-only"> {formatLongDate(o.date)}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {!ended && (
        <div className="button-row">
          {standing.status === 'paused' ? (
            <button
              type="button"
              className="btn"
              onClick={() => void act('POST', `${base}/resume`)}
            >
              Resume
            </button>
          ) : (
            <>
              <label htmlFor={`pause-${standing.id}`}>Pause until</label>
              <input
                id={`pause-${standing.id}`}
                type="date"
                value={until}
                onChange={(e) => setUntil(e.currentTarget.value)}
              />
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void act('POST', `${base}/pause`, { until })}
              >
                Pause
              </button>
            </>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void act('DELETE', base)}
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
    queryFn: () => readJson<{ standingOrders: StandingOrderView[] }>('GET', '/api/standing-orders'),
  });
  if (list.isLoading) return <Loading />;
  if (list.error)
    return <p role="alert">{errorMessage(list.error, 'Could not load your standing orders')}</p>;
  const shown = (list.data?.standingOrders ?? []).filter((s) => !only || s.id === only);
  return (
    <section className="page">
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
    queryFn: () =>
      readJson<{ date: string; items: string; lockAt: string }>(
        'GET',
        `/api/standing-orders/skip-link?token=${encodeURIComponent(token)}`,
      ),
    retry: false,
  });
  async function skip() {
    try {
      const answer = await readJson<{ message: string }>('POST', '/api/standing-orders/skip-link', {
        token,
      });
      setDone(answer.message);
    } catch (err) {
      setError(errorMessage(err, 'This skip link is not valid.'));
    }
  }
  if (link.isLoading) return <Loading />;
  return (
    <section className="page">
      <h1>Skip a date</h1>
      {done ? (
        <p role="status">{done}</p>
      ) : link.error || error ? (
        <p role="alert">{error ?? errorMessage(link.error, 'This skip link is not valid.')}</p>
      ) : (
        <>
          <p>
            Skip {link.data!.items} on {formatLongDate(link.data!.date)}? You can decide until{' '}
            {formatLockTime(new Date(link.data!.lockAt))}.
          </p>
          <button type="button" className="btn" onClick={() => void skip()}>
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
