// The Standing orders panel's tables (issue 41): per item and day the units
// promised to standing orders beside one-off orders (all days, or one
// picked), and the occurrences the kitchen could not take.
import { formatDayInWords, formatLongDate, type StandingPanelView } from '@bakery/core';
import { Callout, HTMLSelect } from '../ui/blueprint';
import { TableCard } from './shared';

/** The day select's "All days". */
export const ALL_DAYS = '';

export function PromisedTable({
  view,
  shownDay,
  onShowDay,
}: {
  view: StandingPanelView;
  /** One date, or ALL_DAYS. */
  shownDay: string;
  onShowDay(day: string): void;
}) {
  const days = [...new Set(view.units.map((u) => u.date))];
  const shownUnits = view.units.filter((u) => shownDay === ALL_DAYS || u.date === shownDay);
  return (
    <TableCard
      title={`Promised, ${formatLongDate(view.fromDate)} to ${formatLongDate(view.toDate)}`}
      label="Units promised to standing orders beside one-off orders"
      columns={['Date', 'Item', 'Standing', 'One-off']}
      before={
        <label className="bp6-label bp6-inline standing-day">
          Day{' '}
          <HTMLSelect
            value={shownDay}
            onChange={(e) => onShowDay(e.currentTarget.value)}
            options={[
              { value: ALL_DAYS, label: 'All days' },
              ...days.map((d) => ({ value: d, label: formatDayInWords(d) })),
            ]}
          />
        </label>
      }
    >
      {shownUnits.map((u) => (
        <tr key={`${u.date}|${u.productId}`}>
          <td>{formatDayInWords(u.date)}</td>
          <td>{u.name}</td>
          <td>{u.standing}</td>
          <td>{u.oneOff}</td>
        </tr>
      ))}
    </TableCard>
  );
}

export function RefusedTable({ refused }: { refused: StandingPanelView['refused'] }) {
  if (refused.length === 0)
    return <Callout intent="success">Every occurrence so far could be taken.</Callout>;
  return (
    <TableCard
      title="Could not be taken"
      label="Occurrences the kitchen could not take"
      columns={['Date', 'Customer', 'Why']}
    >
      {refused.map((r) => (
        <tr key={`${r.standingOrderId}|${r.date}`}>
          <td>{formatDayInWords(r.date)}</td>
          <td>{r.customerEmail}</td>
          <td>{r.reason}</td>
        </tr>
      ))}
    </TableCard>
  );
}
