// A form sent before the prerendered page hydrated is held by index.html's
// inline script (a native submit would reload the page and lose what was
// typed); the form's useForm claims it and sends it once hydrated.
declare global {
  interface Window {
    heldSubmit?: EventTarget | null;
  }
}

/** True, once, when `form` was sent before the page was live. */
export function takeHeldSubmit(form: HTMLFormElement | null | undefined): boolean {
  if (!form || window.heldSubmit !== form) return false;
  window.heldSubmit = null;
  return true;
}

/** From here on React handles every submit (App's effect, after every page's). */
export function markLive() {
  document.documentElement.setAttribute('data-live', '');
}
