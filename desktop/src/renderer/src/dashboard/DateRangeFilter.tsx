import { Button } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import type { DateRange } from './range';

export function DateRangeFilter({
  range,
  onChange,
}: {
  range: DateRange;
  onChange(next: DateRange): void;
}) {
  return (
    <div className="range-bar" role="group" aria-label="Date range">
      {/* Each end bounds the other's picker. */}
      <TextField
        id="range-from"
        label="From"
        inline
        type="date"
        value={range.fromDate ?? ''}
        max={range.toDate ?? undefined}
        onChange={(v) => onChange({ ...range, fromDate: v || null })}
      />
      <TextField
        id="range-to"
        label="To"
        inline
        type="date"
        value={range.toDate ?? ''}
        min={range.fromDate ?? undefined}
        onChange={(v) => onChange({ ...range, toDate: v || null })}
      />
      <Button
        text="Clear"
        icon="cross"
        disabled={!range.fromDate && !range.toDate}
        onClick={() => onChange({ fromDate: null, toDate: null })}
      />
    </div>
  );
}
