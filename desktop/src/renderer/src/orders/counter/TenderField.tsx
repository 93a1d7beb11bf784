// The cash handed over at the counter (issue 42), typed in dollars; the
// server answers the change (it knows the total).
import { TextField } from '../../ui/fields';

/** "20" or "20.50" as cents; null when it is not an amount. */
export function dollarsToTender(text: string): number | null {
  const value = Number(text.replace(/[$,\s]/g, ''));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0
    ? Math.round(value * 100)
    : null;
}

export function TenderField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}) {
  return (
    <TextField
      id={id}
      label="Cash tendered ($)"
      inputMode="decimal"
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
