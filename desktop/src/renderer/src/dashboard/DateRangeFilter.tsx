import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
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
      <FormGroup label="From" labelFor="range-from" inline>
        <InputGroup
          id="range-from"
          type="date"
          value={range.fromDate ?? ''}
          max={range.toDate ?? undefined}
          onValueChange={(v) => onChange({ ...range, fromDate: v || null })}
        />
      </FormGroup>
      <FormGroup label="To" labelFor="range-to" inline>
        <InputGroup
          id="range-to"
          type="date"
          value={range.toDate ?? ''}
          min={range.fromDate ?? undefined}
          onValueChange={(v) => onChange({ ...range, toDate: v || null })}
        />
      </FormGroup>
      <Button
        text="Clear"
        icon="cross"
        disabled={!range.fromDate && !range.toDate}
        onClick={() => onChange({ fromDate: null, toDate: null })}
      />
    </div>
  );
}
