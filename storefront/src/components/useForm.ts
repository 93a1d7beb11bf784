// One submit flow for the shop's forms: the values, a FormField's props per
// key, core's schema first (its messages under the fields), then the request
// with a pending state, and on a refusal a toast with the server's message
// (its `{ code, message }` body) or the form's fallback.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage, isNetworkError } from '../api/client';
import { fieldErrors } from './FormField';
import { takeHeldSubmit } from './heldSubmit';
import { useToast } from './Toast';

type Schemas = typeof import('./formSchemas');
type Issue = { path: PropertyKey[]; message: string };
type Checked<D> = { success: true; data: D } | { success: false; error: { issues: Issue[] } };
type Schema<D> = { safeParse(input: unknown): Checked<D> };

let loading: Promise<Schemas> | undefined;
let loaded: Schemas | undefined;
/** The form schemas' chunk, fetched once (again after a failed fetch). */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import('./formSchemas').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Spec section 8: the text of a sign-in or sign-up that never reached the server. */
export const NETWORK_FAILURE = 'Something went wrong. Please try again.';

export type Failure = {
  /** The toast's title. */
  title: string;
  /** Its text when the answer carries no message. */
  fallback: string;
  /** Its text when the request never reached the server (else the fallback). */
  network?: string;
};

type Options<V, D> = {
  initial: V;
  schema: (schemas: Schemas) => Schema<D>;
  /** What the schema checks, when it is not the values as they are. */
  input?: (values: V) => unknown;
  /** The request; it toasts its own success. */
  send: (data: D) => Promise<unknown>;
  failure: Failure;
  /** Takes a refusal's message over instead of the toast; answers true when it did. */
  onRefused?: (message: string) => boolean;
};

export function useForm<V extends Record<string, string>, D>(options: Options<V, D>) {
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const controls = useRef<Record<string, HTMLInputElement | HTMLTextAreaElement | null>>({});

  /**
   * `from` with what the inputs hold where it differs. The page is
   * prerendered: what a visitor typed before it hydrated is only in the inputs
   * (React saw no change event), and React would wipe it at the next render.
   */
  function withTyped(from: V): V {
    const typed: Record<string, string> = {};
    for (const [key, control] of Object.entries(controls.current)) {
      if (control && control.value !== from[key]) typed[key] = control.value;
    }
    return Object.keys(typed).length ? { ...from, ...typed } : from;
  }

  // Take over what was typed before hydration once, and send the form if the
  // visitor already did (index.html held it).
  useEffect(() => {
    const current = withTyped(values);
    // The DOM is the outside source here, read once after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (current !== values) setValues(current);
    const form = Object.values(controls.current).find((control) => control?.form)?.form;
    if (takeHeldSubmit(form)) void submit(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Fetched while the visitor reads, after the page has painted and hydrated.
  useEffect(() => {
    const timer = setTimeout(() => void loadSchemas().catch(() => undefined), 1000);
    return () => clearTimeout(timer);
  }, []);

  function refused(error: unknown) {
    const { failure, onRefused } = options;
    const message =
      failure.network && isNetworkError(error)
        ? failure.network
        : errorMessage(error, failure.fallback);
    if (!onRefused?.(message))
      toast({ title: failure.title, description: message, variant: 'destructive' });
  }

  async function submit(input: V) {
    let schemas = loaded;
    try {
      schemas ??= await loadSchemas();
    } catch (error) {
      refused(error);
      return;
    }
    const parsed = options.schema(schemas).safeParse(options.input?.(input) ?? input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await options.send(parsed.data);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  }

  /** A FormField's value, error and onChange for one key. */
  const field = (key: keyof V & string) => ({
    ref: (control: HTMLInputElement | HTMLTextAreaElement | null) => {
      controls.current[key] = control;
    },
    value: values[key],
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.target.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
  });

  return {
    values,
    setValues,
    errors,
    busy,
    field,
    reset: () => setValues(options.initial),
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      // A submit that made React hydrate the form reaches this handler before
      // the render that takes the typed values over: read them from the inputs.
      void submit(withTyped(values));
    },
  };
}
