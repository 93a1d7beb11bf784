import { useId, type InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input with its hint and error wired through aria-describedby. */
export function FormField({ label, error, hint, id, ...input }: Props) {
  const auto = useId();
  const inputId = id ?? auto;
  const describedBy =
    [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="error-text">
          {error}
        </p>
      )}
    </div>
  );
}

/** First message per field out of a zod error's issues. */
export function fieldErrors(
  issues: { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
