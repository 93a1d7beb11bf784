import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

function get(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP_RIGHT, maxToasts: 4 });
  return toaster;
}

/** A titled toast: title in bold, the text below (the spec's toasts have both). */
export function toast(title: string, text: string | undefined, intent: Intent = 'danger'): void {
  const message = text ? `${title}: ${text}` : title;
  void get().then((t) => t.show({ message, intent, timeout: 5000 }));
}
