// How booked each coming day is: today and the next 13 days, per category,
// units booked against the day's limit ("3 / 4"). Closed days are marked and
// full categories say "Full" (in words, not only in colour).
import { Card, H5, HTMLTable, Tag } from '../ui/blueprint';
import {
  BOOKED_DAYS_SHOWN,
  bookedText,
  dropUnitFigures,
  type PublicDropView,
  type BookedCategoryView,
  type BookedDayView,
  ROUTES,
} from '@bakery/core';
import { useApiQuery } from '../api/useApiQuery';
import { QueryStatus } from '../ui/QueryStatus';
import { TableHead } from '../ui/TableHead';
import './kitchen.css';

export const BOOKED_DAYS_KEY = [ROUTES.capacityDays.path];

/** "Thu, Nov 26": short enough for 14 rows and 8 categories at 1280 px. */
const shortDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function BookedCell({ cell, closed }: { cell: BookedCategoryView; closed: boolean }) {
  const state = cell.over ? 'Over the limit' : cell.full && !closed ? 'Full' : null;
  return (
    <td
      className={state ? 'booked-cell booked-full' : 'booked-cell'}
      aria-label={`${cell.label} ${bookedText(cell)}${state ? `, ${state.toLowerCase()}` : ''}`}
    >
      {bookedText(cell)}
      {state && (
        <Tag minimal intent="danger" className="booked-tag">
          {state}
        </Tag>
      )}
    </td>
  );
}

/**
 * Issue 37: the drops that serve the day, beside its limits, in the Drops
 * tab's figures (core's dropUnitFigures): a drop is its own batch, so its
 * items are not in the category cells.
 */
function DropCell({ drops }: { drops: PublicDropView[] }) {
  if (drops.length === 0)
    return (
      <td className="booked-drops muted" aria-label="No drop">
        –
      </td>
    );
  return (
    <td className="booked-drops">
      {drops.map((drop) => (
        <div key={drop.id}>
          <strong>{drop.name}</strong>
          {drop.units.map((u) => (
            <div key={u.id}>{dropUnitFigures(u)}</div>
          ))}
        </div>
      ))}
    </td>
  );
}

function BookedRow({
  day,
  today,
  drops,
}: {
  day: BookedDayView;
  today: boolean;
  drops: PublicDropView[];
}) {
  return (
    <tr className={day.closed ? 'booked-closed' : undefined}>
      <th scope="row">
        {today ? `Today, ${shortDay(day.date)}` : shortDay(day.date)}
        {day.closed && (
          <Tag
            minimal
            intent="warning"
            className="booked-tag"
            title={day.closedReason ?? undefined}
          >
            Closed{day.closedReason ? `: ${day.closedReason}` : ''}
          </Tag>
        )}
      </th>
      {day.categories.map((cell) => (
        <BookedCell key={cell.category} cell={cell} closed={day.closed} />
      ))}
      <DropCell drops={drops.filter((d) => d.pickupDates.includes(day.date))} />
    </tr>
  );
}

export function BookedDaysCard() {
  const booked = useApiQuery(BOOKED_DAYS_KEY, ROUTES.capacityDays);
  const days = booked.data?.days ?? [];
  // The Drops tab's own list (same key): the same figures on both tabs.
  const drops = useApiQuery([ROUTES.adminDrops.path], ROUTES.adminDrops).data?.drops ?? [];
  return (
    <Card className="booked-days">
      <H5 id="booked-days-title">Booked per day: the next {BOOKED_DAYS_SHOWN} days</H5>
      <QueryStatus query={booked} what="booked days" small />
      {days.length > 0 && (
        <HTMLTable compact striped aria-labelledby="booked-days-title" className="booked-table">
          <TableHead
            columns={[
              'Pickup date',
              ...days[0]!.categories.map((c) => c.label),
              'Drops (own batch)',
            ]}
          />
          <tbody>
            {days.map((day, i) => (
              <BookedRow key={day.date} day={day} today={i === 0} drops={drops} />
            ))}
          </tbody>
        </HTMLTable>
      )}
      <p className="muted booked-legend">
        Booked / limit in units (a 12-count of cookies is 12 cookies, a box of muffins 6, a cake 1).
        Cancelled orders are left out; a closed day keeps the orders it already has. A drop's items
        come from its own batch (sold / what the drop bakes), not from the day's limits.
      </p>
    </Card>
  );
}
