// Issue 25: the next four weeks of pickup dates, greyed where the cart cannot
// be made (closed that date or weekday, an item not made that day, a category
// full, a drop item sold out, every window full),
// with the reason in words and the first date that works. Core's
// cartDayProblem decides, as the server will on submit.
import {
  cartDayProblem,
  firstWorkingDate,
  formatLongDate,
  shortDate,
  type DayOffer,
  type Fulfillment,
  type KitchenLine,
} from '@bakery/core';

const SHOWN_DAYS = 28;
const weekday = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

export function DayCalendar({
  days,
  lines,
  selected,
  fulfillment,
  onPick,
}: {
  days: readonly DayOffer[];
  lines: readonly KitchenLine[];
  selected: string | null;
  fulfillment: Fulfillment;
  onPick: (date: string) => void;
}) {
  if (days.length === 0) return null;
  const shown = days.slice(0, SHOWN_DAYS);
  const problems = new Map(shown.map((day) => [day.date, cartDayProblem(day, lines, fulfillment)]));
  const first = firstWorkingDate(days, lines, days[0]!.date, fulfillment);
  // Each reason once: four closed Mondays are one "Closed on Mondays".
  const reasons = [...new Set(shown.flatMap((day) => problems.get(day.date) ?? []))];
  const chosen = selected ? days.find((day) => day.date === selected) : undefined;
  // Offered when no date is chosen yet or the chosen one cannot take the cart.
  const offerFirst = !chosen || Boolean(cartDayProblem(chosen, lines, fulfillment));
  return (
    <div className="day-calendar" aria-label="Calendar of the coming days">
      <div className="day-grid" role="group" aria-label="Choose a date">
        {shown.map((day) => {
          const problem = problems.get(day.date);
          return (
            <button
              key={day.date}
              type="button"
              className={`day${problem ? ' day-off' : ''}${selected === day.date ? ' day-chosen' : ''}`}
              aria-disabled={problem ? true : undefined}
              aria-pressed={selected === day.date}
              title={problem ?? formatLongDate(day.date)}
              data-date={day.date}
              onClick={() => !problem && onPick(day.date)}
            >
              <span className="day-weekday">{weekday(day.date)}</span>
              <span className="day-number">{Number(day.date.slice(8))}</span>
              {problem && <span className="sr-only">: {problem}</span>}
            </button>
          );
        })}
      </div>
      {reasons.length > 0 && (
        <ul className="day-reasons hint">
          {reasons.slice(0, 4).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
          {reasons.length > 4 && <li>and {reasons.length - 4} more reasons</li>}
        </ul>
      )}
      {first && offerFirst && first !== selected && (
        <p className="hint">
          First date that works for this order:{' '}
          <button type="button" className="btn-link" onClick={() => onPick(first)}>
            {shortDate(first)}
          </button>
        </p>
      )}
      {!first && lines.length > 0 && (
        <p className="error-text">No date in the next {days.length} days can take this order.</p>
      )}
    </div>
  );
}
