// The Capacity panel's tables (issue 21 split): the daily limit per
// category (the owner types, staff read) and the closed dates.
import { formatLongDate, type CapacityView } from '@bakery/core';
import { Button, NonIdealState, NumericInput, Tag } from '../ui/blueprint';
import { HeadedTable } from '../ui/HeadedTable';

export function LimitsTable({
  limits,
  draft,
  isOwner,
  onEdit,
}: {
  limits: CapacityView['limits'];
  /** Only the limits being edited; the others show the saved limit. */
  draft: Record<string, string>;
  isOwner: boolean;
  onEdit(category: string, text: string): void;
}) {
  return (
    <HeadedTable
      label="Daily limits per category"
      columns={['Category', 'Limit per day', 'Default']}
    >
      {limits.map((l) => (
        <tr key={l.category}>
          <th scope="row">
            <label htmlFor={`limit-${l.category}`}>{l.label}</label>
          </th>
          <td>
            <NumericInput
              id={`limit-${l.category}`}
              min={0}
              minorStepSize={null}
              value={draft[l.category] ?? String(l.maxUnits)}
              onValueChange={(_n, text) => onEdit(l.category, text)}
              disabled={!isOwner}
              rightElement={<Tag minimal>{l.unit}</Tag>}
              fill
            />
          </td>
          <td>{l.defaultUnits}</td>
        </tr>
      ))}
    </HeadedTable>
  );
}

export function ClosedDatesList({
  closedDates,
  isOwner,
  onReopen,
}: {
  closedDates: CapacityView['closedDates'];
  isOwner: boolean;
  onReopen(date: string): void;
}) {
  if (closedDates.length === 0) return <NonIdealState icon="calendar" title="No closed dates" />;
  return (
    <ul aria-label="Closed dates" className="plain-list">
      {closedDates.map((d) => (
        <li key={d.date}>
          <strong>{formatLongDate(d.date)}</strong>
          {d.reason ? ` — ${d.reason}` : ''}{' '}
          {isOwner && (
            <Button
              small
              minimal
              icon="undo"
              text="Reopen"
              aria-label={`Reopen ${formatLongDate(d.date)}`}
              onClick={() => onReopen(d.date)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
