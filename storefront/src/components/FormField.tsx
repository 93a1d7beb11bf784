import {
  useId,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

type Common = { label: string; error?: string; hint?: string; id?: string };
type InputProps = Common & InputHTMLAttributes<HTMLInputElement> & { multiline?: false };
type TextareaProps = Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { multiline: true };

/** A labelled input (or textarea) with its hint and error wired through aria-describedby. */
export function FormField(props: InputProps | TextareaProps) {
  const { label, error, hint, id, multiline, ...control } = props;
  const auto = useId();
  const inputId = id ?? auto;
  const describedBy =
    [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const wiring = {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {multiline ? (
        <textarea {...wiring} {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input {...wiring} {...(control as InputHTMLAttributes<HTMLInputElement>)} />
      )}
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

/** The hint under a password the customer chooses (core's rule: at least 6). */
export const NEW_PASSWORD_HINT = 'At least 6 characters';

/**
 * A password input: `fresh` for one being chosen (the browser offers to make
 * and keep it), otherwise the current one (the browser fills it in).
 */
export function PasswordField({
  fresh,
  ...field
}: Omit<InputProps, 'type' | 'autoComplete'> & { fresh?: boolean }) {
  return (
    <FormField
      type="password"
      autoComplete={fresh ? 'new-password' : 'current-password'}
      {...field}
    />
  );
}

/** A form's submit button: disabled and saying `busyText` while the request runs. */
export function SubmitButton({
  busy,
  busyText,
  children,
  className = 'btn btn-primary',
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; busyText: string }) {
  return (
    <button type="submit" className={className} disabled={busy} {...button}>
      {busy ? busyText : children}
    </button>
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
