import { createElement, Fragment } from 'react';
import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

// Spec 9: at most one toast at once, 5000 ms by default. Bottom right, so a
// toast never covers the header controls (issue 12).
const MAX_TOASTS = 1;
export const TOAST_TIMEOUT_MS = 5000;

function get(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({
    position: Position.BOTTOM_RIGHT,
    maxToasts: MAX_TOASTS,
  });
  return toaster;
}

/** A titled toast: the title in bold, the text after it (the spec's toasts have both). */
export function toast(
  title: string,
  text: string | undefined,
  intent: Intent = 'danger',
  /** A button in the toast, e.g. Undo after a cancel (issue 23). */
  action?: { text: string; onClick(): void },
): void {
  // A fallback equal to the title ('Failed to delete review') is said once.
  const message =
    text && text !== title
      ? createElement(Fragment, null, createElement('strong', null, `${title}: `), text)
      : createElement('strong', null, title);
  void get().then((t) => {
    // The newest replaces whatever is showing.
    t.clear();
    t.show({ message, intent, timeout: TOAST_TIMEOUT_MS, ...(action ? { action } : {}) });
  });
}

/** Takes every toast down (tests: the toaster outlives each test's tree). */
export async function clearToasts(): Promise<void> {
  if (toaster) (await toaster).clear();
}
