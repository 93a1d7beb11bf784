// What the order page's drops and a drop's own page share (issues 25, 37):
// a clock that ticks for the countdown, and "E-mail me when it opens"
// (double opt-in: the answer says a confirmation link was mailed).
import { useEffect, useState } from 'react';
import { ROUTES, type PublicDropView } from '@bakery/core';
import { api, errorMessage } from '../../api/client';

export function useNow(everyMs = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function NotifyForm({ drop, email }: { drop: PublicDropView; email: string }) {
  const [address, setAddress] = useState(email);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  async function submit() {
    try {
      const body = await api.call(ROUTES.dropNotify, {
        params: { id: drop.id },
        body: { email: address },
      });
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
