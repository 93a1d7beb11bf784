import { Button } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import type { DateRange } from './range';

/** The two ends of the range; each bounds the other's picker. */
const ENDS = [
  { key: 'fromDate', other: 'toDate', bound: 'max', id: 'range-from', label: 'From' },
  { key: 'toDate', other: 'fromDate', bound: 'min', id: 'range-to', label: 'To' },
] as const;

export function DateRangeFilter({
  range,
  onChange,
}: {
  range: DateRange;
  onChange(next: DateRange): void;
}) {
  return (
    <div className="range-bar" role="group" aria-label="Date range">
      {ENDS.map((end) => (
        <TextField
          key={end.key}
          id={end.id}
          label={end.label}
          inline
          type="date"
          value={range[end.key] ?? ''}
          {...{ [end.bound]: range[end.other] ?? undefined }}
          onChange={(v) => onChange({ ...range, [end.key]: v || null })}
        />
      ))}
      <Button
        text="Clear"
        icon="cross"
        disabled={!range.fromDate && !range.toDate}
        onClick={() => onChange({ fromDate: null, toDate: null })}
      />
    </div>
  );
}
