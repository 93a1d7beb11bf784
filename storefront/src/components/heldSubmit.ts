// A form sent or a button pressed before the prerendered page hydrated is held
// by index.html's inline script (a native submit would reload the page and lose
// what was typed; a button would do nothing). The form's useForm claims and
// sends the form; App presses the button once the page is live.
declare global {
  interface Window {
    heldSubmit?: EventTarget | null;
    heldClick?: EventTarget | null;
  }
}

/** True, once, when `form` was sent before the page was live. */
export function takeHeldSubmit(form: HTMLFormElement | null | undefined): boolean {
  if (!form || window.heldSubmit !== form) return false;
  window.heldSubmit = null;
  return true;
}

/**
 * From here on React handles every submit and click (App's effect, after every
 * page's); a button pressed before is pressed again now.
 */
export function markLive() {
  document.documentElement.setAttribute('data-live', '');
  const button = window.heldClick;
  window.heldClick = null;
  if (button instanceof HTMLElement && button.isConnected) button.click();
}
