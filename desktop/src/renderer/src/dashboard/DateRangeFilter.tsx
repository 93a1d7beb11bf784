import { Button } from '../ui/blueprint';
import { DateEndFields } from '../ui/fields';
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
      <DateEndFields
        id="range"
        labels={['From', 'To']}
        fromDate={range.fromDate ?? ''}
        toDate={range.toDate ?? ''}
        onChange={(end, v) => onChange({ ...range, [end]: v || null })}
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
