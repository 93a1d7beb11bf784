// The Settings tab's opening hours: per weekday open or closed, and the
// opening and closing time in half hours, with the day's error beside it.
import { formatClock, weekdayName, WEEKDAYS, type Weekday } from '@bakery/core';
import { HTMLSelect, Switch } from '../ui/blueprint';
import type { HoursDraft } from './settingsDraft';

/** Every half hour of the day, as the hours selects offer them. */
const CLOCKS = Array.from({ length: 48 }, (_, i) => {
  const hh = String(Math.floor(i / 2)).padStart(2, '0');
  return `${hh}:${i % 2 ? '30' : '00'}`;
});

const CLOCK_OPTIONS = CLOCKS.map((c) => ({ value: c, label: formatClock(c) }));

/** A weekday's opening or closing time; off while the day is closed. */
function ClockSelect({
  day,
  end,
  hours,
  setDay,
}: {
  day: Weekday;
  end: 'opens' | 'closes';
  hours: { open: boolean; opens: string; closes: string };
  setDay(day: Weekday, change: Partial<Record<'opens' | 'closes', string>>): void;
}) {
  return (
    <HTMLSelect
      aria-label={`${weekdayName(day)} ${end}`}
      value={hours[end]}
      disabled={!hours.open}
      onChange={(e) => setDay(day, { [end]: e.currentTarget.value })}
      options={CLOCK_OPTIONS}
    />
  );
}

export function HoursTable({
  hours,
  errors,
  setDay,
}: {
  hours: HoursDraft;
  errors: Record<string, string>;
  setDay(day: Weekday, change: Partial<HoursDraft[Weekday]>): void;
}) {
  return (
    <table className="settings-hours">
      <tbody>
        {WEEKDAYS.map((day) => {
          const h = hours[day];
          const error =
            errors[`hours.${day}.closes`] ?? errors[`hours.${day}.opens`] ?? errors.hours;
          return (
            <tr key={day}>
              <th scope="row">{weekdayName(day)}</th>
              <td>
                <Switch
                  checked={h.open}
                  label={h.open ? 'Open' : 'Closed'}
                  aria-label={`Open on ${weekdayName(day)}`}
                  onChange={(e) => setDay(day, { open: e.currentTarget.checked })}
                />
              </td>
              <td>
                <ClockSelect day={day} end="opens" hours={h} setDay={setDay} />
              </td>
              <td>to</td>
              <td>
                <ClockSelect day={day} end="closes" hours={h} setDay={setDay} />
              </td>
              <td className="settings-hours-error" role={error ? 'alert' : undefined}>
                {error}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
