// Form pieces every back-office screen shares: a labelled text field that
// shows its error under itself, the first error per field from a Zod parse,
// and a dialog that is one form with Cancel and a submit button.
import type { ChangeEvent, Dispatch, ReactNode, SetStateAction } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  type IconName,
  type Intent,
  type InputGroupProps,
} from '@blueprintjs/core';

type InputProps = Omit<InputGroupProps, 'id' | 'value' | 'onValueChange' | 'onChange'>;

/**
 * A label, an input and, under it, the error (red, and the input marked
 * invalid) or else the hint. The label names the input (`labelFor`), so
 * screen readers and `getByLabelText` find it by its label.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  inline,
  ...input
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  hint?: ReactNode;
  inline?: boolean;
} & InputProps) {
  return (
    <FormGroup
      label={label}
      labelFor={id}
      inline={inline}
      helperText={error ?? hint}
      intent={error ? 'danger' : 'none'}
    >
      <InputGroup
        id={id}
        value={value}
        onValueChange={onChange}
        aria-invalid={error ? true : undefined}
        {...input}
      />
    </FormGroup>
  );
}

/** The keys of a form whose values are text. */
type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * A form state's text fields as TextField props: `const bind =
 * textBinder(form, setForm)`, then `<TextField id="…" label="…" {...bind('name')} />`.
 */
export const textBinder =
  <F extends object>(form: F, setForm: Dispatch<SetStateAction<F>>) =>
  (key: TextKeys<F>) => ({
    value: form[key] as string,
    onChange: (value: string) => setForm((f) => ({ ...f, [key]: value })),
  });

/** The same for an HTMLSelect: `<HTMLSelect {...bindSelect('scope')} options={…} />`. */
export const selectBinder =
  <F extends object>(form: F, setForm: Dispatch<SetStateAction<F>>) =>
  (key: TextKeys<F>) => {
    const { value, onChange } = textBinder(form, setForm)(key);
    return {
      value,
      onChange: (e: ChangeEvent<HTMLSelectElement>) => onChange(e.currentTarget.value),
    };
  };

/** A filter select's options: '' for every one (`everyLabel`), then each row by its id. */
export const optionsWithEvery = (
  everyLabel: string,
  rows: readonly { id: string; label: string }[],
) => [{ value: '', label: everyLabel }, ...rows.map((r) => ({ value: r.id, label: r.label }))];

/**
 * A range's two date fields, `${id}-from` and `${id}-to`: each end bounds the
 * other's picker, so the range never runs backwards.
 */
export function DateEndFields({
  id,
  labels,
  fromDate,
  toDate,
  onChange,
}: {
  id: string;
  labels: [string, string];
  fromDate: string;
  toDate: string;
  onChange(end: 'fromDate' | 'toDate', value: string): void;
}) {
  const ends = [
    { end: 'fromDate', suffix: 'from', value: fromDate, min: undefined, max: toDate || undefined },
    { end: 'toDate', suffix: 'to', value: toDate, min: fromDate || undefined, max: undefined },
  ] as const;
  return (
    <>
      {ends.map(({ end, suffix, value, min, max }, index) => (
        <TextField
          key={end}
          id={`${id}-${suffix}`}
          label={labels[index]}
          inline
          type="date"
          value={value}
          min={min}
          max={max}
          onChange={(v) => onChange(end, v)}
        />
      ))}
    </>
  );
}

/** The first message for each field of a failed parse: `{ name: 'Name is required' }`. */
export function firstIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0])] ??= i.message;
  return out;
}

/** What a Zod `safeParse` answers, as far as a form reads it. */
type Parsed<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { message: string }[] } };

/**
 * A form's parse: its data after clearing the form's message, or null after
 * showing the first issue (`fallback` when there is none).
 */
export function parsedOr<T>(
  result: Parsed<T>,
  fallback: string,
  show: (message: string | null) => void,
): T | null {
  if (!result.success) {
    show(result.error.issues[0]?.message ?? fallback);
    return null;
  }
  show(null);
  return result.data;
}

/** A dialog holding one form: Enter or the submit button submits, Cancel and Escape close. */
export function FormDialog({
  title,
  submitText,
  busy,
  width,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  submitText: string;
  busy: boolean;
  width?: number;
  onClose(): void;
  onSubmit(): void;
  children: ReactNode;
}) {
  return (
    <Dialog isOpen title={title} onClose={onClose} style={width ? { width } : undefined}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogBody>{children}</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text={submitText} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

/** A small icon-only button in a table row; `label` is what a screen reader says. */
export function IconButton({
  icon,
  label,
  onClick,
  intent,
}: {
  icon: IconName;
  label: string;
  onClick(): void;
  /** 'danger' for a button that removes something. */
  intent?: Intent;
}) {
  return <Button small minimal icon={icon} intent={intent} aria-label={label} onClick={onClick} />;
}
