// Pieces the kitchen panels share: money and quantity formats, the range bar
// (both dates required: bake sheets and margins are per pickup date).
import { FormGroup, InputGroup } from '@blueprintjs/core';
import { addDays, bakeryToday, formatDollars } from '@bakery/core';
import type { DateRange } from '../dashboard/range';

export const money = (d: number | null | undefined) => formatDollars(d);
export const percent = (p: number | null | undefined) =>
  p === null || p === undefined ? '—' : `${p.toFixed(1)}%`;
/** Up to 4 decimals, trailing zeros dropped: 6.25, 11, 0.3333. */
export const amount = (n: number) =>
  Number(n.toFixed(4)).toLocaleString('en-US', { maximumFractionDigits: 4 });

export interface KitchenRangeValue {
  fromDate: string;
  toDate: string;
}

/** The dashboard's range with its open ends closed: today when neither is set. */
export function kitchenRangeFrom(range: DateRange, today = bakeryToday()): KitchenRangeValue {
  const fromDate = range.fromDate ?? range.toDate ?? today;
  return { fromDate, toDate: range.toDate ?? fromDate };
}

/**
 * Where the margins start (issue 12: never on an always-empty day): the
 * dashboard's range when one is set, otherwise pickups of the last 30 days
 * and the next 14 (what sold and what is booked).
 */
export function marginsRangeFrom(range: DateRange, today = bakeryToday()): KitchenRangeValue {
  if (range.fromDate || range.toDate) return kitchenRangeFrom(range, today);
  return { fromDate: addDays(today, -30), toDate: addDays(today, 13) };
}

export const rangeParams = (r: KitchenRangeValue) => `?fromDate=${r.fromDate}&toDate=${r.toDate}`;

export function KitchenRangeBar({
  id,
  value,
  onChange,
}: {
  id: string;
  value: KitchenRangeValue;
  onChange(next: KitchenRangeValue): void;
}) {
  return (
    <div className="range-bar no-print" role="group" aria-label="Pickup dates">
      <FormGroup label="Pickup from" labelFor={`${id}-from`} inline>
        <InputGroup
          id={`${id}-from`}
          type="date"
          value={value.fromDate}
          max={value.toDate}
          onValueChange={(v) => v && onChange({ ...value, fromDate: v })}
        />
      </FormGroup>
      <FormGroup label="to" labelFor={`${id}-to`} inline>
        <InputGroup
          id={`${id}-to`}
          type="date"
          value={value.toDate}
          min={value.fromDate}
          onValueChange={(v) => v && onChange({ ...value, toDate: v })}
        />
      </FormGroup>
    </div>
  );
}
