// Pieces the kitchen panels share: money and quantity formats, the range bar
// (both dates required: bake sheets and margins are per pickup date), a
// labelled select, a table in a titled card, and a cost with its warning.
import type { ReactNode } from 'react';
import { Callout, Card, FormGroup, H5, HTMLSelect, Tag } from '../ui/blueprint';
import { addDays, bakeryToday, formatDollars } from '@bakery/core';
import type { DateRange } from '../dashboard/range';
import './kitchen.css';
import { DateEndFields } from '../ui/fields';
import { HeadedTable } from '../ui/HeadedTable';
import { toast } from '../ui/toaster';
import { messageOf } from '../api/client';

/** A mutation's `onError` that toasts `what` and the server's message (else `what` again). */
export const failed = (what: string) => (err: unknown) => toast(what, messageOf(err, what));

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
      <DateEndFields
        id={id}
        labels={['Pickup from', 'to']}
        fromDate={value.fromDate}
        toDate={value.toDate}
        onChange={(end, v) => v && onChange({ ...value, [end]: v })}
      />
    </div>
  );
}

/** A label and a native select (keyboard and screen readers as the platform gives them). */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  blank,
  hint,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  /** The first option, value '': "Choose a recipe…", "All options". */
  blank: string;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <FormGroup label={label} labelFor={id} helperText={hint}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        <option value="">{blank}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/**
 * A titled card holding one table, named by the title unless `label` says
 * otherwise; `before` sits between the title and the table.
 */
export function TableCard({
  title,
  before,
  label = title,
  ...table
}: {
  title: string;
  before?: ReactNode;
  label?: string;
} & Omit<Parameters<typeof HeadedTable>[0], 'label'>) {
  return (
    <Card>
      <H5>{title}</H5>
      {before}
      <HeadedTable label={label} {...table} />
    </Card>
  );
}

/** Said under a cost that cannot tell an option from the others (core's SAME_COST_EVERY_SIZE). */
export function CostWarning({ warning }: { warning: string | null | undefined }) {
  if (!warning) return null;
  return (
    <Tag minimal multiline intent="warning" icon="warning-sign" className="cost-warning">
      {warning}
    </Tag>
  );
}

/** A cost of goods and, under it, its warning when it has one. */
export function CostFigure({ cost, warning }: { cost: number | null; warning?: string | null }) {
  return (
    <>
      {money(cost)}
      <CostWarning warning={warning} />
    </>
  );
}

/** The four money cells of one menu option: price, cost (with its warning), margin, margin %. */
export function MarginCells({
  price,
  cost,
  warning,
  margin,
  marginPercent,
}: {
  price: number;
  cost: number | null;
  warning: string | null;
  margin: number | null;
  marginPercent: number | null;
}) {
  return (
    <>
      <td>{money(price)}</td>
      <td>
        <CostFigure cost={cost} warning={warning} />
      </td>
      <td>{money(margin)}</td>
      <td>{percent(marginPercent)}</td>
    </>
  );
}

/** A form's refusal (core's message), announced at once to screen readers. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Callout intent="danger" role="alert">
      {message}
    </Callout>
  );
}
