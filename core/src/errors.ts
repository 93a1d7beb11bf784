// Stable error codes of the API: every error answer is `{ code, message }`.
// Clients branch on the code, never on the English message (docs/api.md
// lists them). A code names the reason, not the HTTP status.
export const ERROR_CODES = [
  /** 400: a field failed validation (`errors` lists the fields). */
  'validation_failed',
  /** 400: the request is malformed (bad JSON, bad query). */
  'bad_request',
  /** 401: no signed-in session (or it expired). */
  'not_authenticated',
  /** 401: signed in, but the staff (admin) session is missing. */
  'admin_session_required',
  /** 401: e-mail or password wrong. */
  'invalid_credentials',
  /** 401: the password was right; the staff member's second factor (TOTP or recovery code) is awaited. */
  'second_factor_required',
  /** 401: the authenticator or recovery code is wrong or already used. */
  'invalid_second_factor',
  /** 403: a staff password too weak for staff (under 12 characters): change it first. */
  'password_change_required',
  /** 403: the owner requires a second factor of all staff: set it up first. */
  'second_factor_setup_required',
  /** 400: a mailed link (e-mail change, undo) is unknown, used or expired. */
  'invalid_link',
  /** 403: a staff member with a second factor changes the password or e-mail only after entering a code. */
  'second_factor_needed',
  /**
   * 403: a change that deletes data (fewer backups kept) needs the password or an authenticator code in `confirm`, or the one given was wrong;
   * 409: Mark Ready for a day other than today or tomorrow mails its customers early: send it again with `confirmed: true`.
   */
  'confirmation_required',
  /** 403: the role may not do this. */
  'forbidden',
  /** 403: a state-changing request from another site. */
  'cross_site_refused',
  /** 404: no such thing (or not yours). */
  'not_found',
  /** 409: the action is not allowed in the current state (the message names it). */
  'invalid_state',
  /** 409: the customer's changes are closed (the lock time before the pickup has passed; the message names it). */
  'order_locked',
  /** 400: "Add writing" was chosen for a cake but no writing was entered. */
  'cake_writing_required',
  /** 400: the delivery address is outside the delivery area (the bakery's ZIP list, Florida). */
  'outside_delivery_area',
  /** 409: a unique value is taken (e.g. the e-mail of an account). */
  'already_exists',
  /** 409: the order was already handed over (picked up or delivered): record a refund instead. */
  'order_handed_over',
  /** 409: money is due: take the payment in the same step (hand over). */
  'payment_due',
  /** 409: a paid order cannot be deleted; archive it. */
  'order_paid',
  /** 409: the first request sent with this Idempotency-Key is still being worked on: send it again shortly. */
  'request_in_progress',
  /** 409: this Idempotency-Key was already used for a different request. */
  'idempotency_key_reused',
  /** 409: a refund above the money received less earlier refunds (the message names the most it can be). */
  'refund_too_large',
  /** 409: a payment cannot be voided (not the owner or its recorder, another day, already voided). */
  'void_refused',
  /** 409: an item's recipe breaks the gluten-free, dairy-free promise (the message names the item and ingredient). */
  'claim_broken',
  /** 409: an item cannot be made for the pickup day (sold out, out of season, not that weekday; the message names both). */
  'item_unavailable',
  /** 409: the kitchen is full or closed on that date. */
  'capacity_full',
  /** 409: the pickup window is full for the cart (the message names the category and window). */
  'window_full',
  /** 409: a drop item has none left (the message names the item and the drop). */
  'drop_sold_out',
  /** 409: a drop item is picked up only in its drop's windows (the message names the item and the windows). */
  'drop_window',
  /** 409: the drop an item is in has not opened yet (the message names the item). */
  'drop_not_open',
  /** 409: the drop an item is in has closed (the message names the item). */
  'drop_closed',
  /** 409: the holder's checkout hold of this drop has run out; a hold is never given a fresh timer (order what is left instead). */
  'hold_expired',
  /** 409: the account holds as many unpaid orders as it may (pay one first). */
  'too_many_unpaid_orders',
  /** 413: the body is too large. */
  'payload_too_large',
  /** 415: the body is not JSON. */
  'unsupported_media_type',
  /** 429: too many attempts; try again later. */
  'rate_limited',
  /** 503 or 2xx note: Square is not configured; staff arrange payment by e-mail. */
  'payment_not_configured',
  /** 502/503: an outside service (Square, SMTP) did not answer. */
  'service_unavailable',
  /** 500: an unexpected failure (logged with the request id). */
  'internal_error',
  /** 503: the shop is closed for a few seconds while the owner restores a backup (`Retry-After`). */
  'maintenance',
  /** 503: a staff read ran past its statement timeout and was stopped (narrow the range). */
  'query_timeout',
  /** 400: an uploaded menu photo is not a JPEG, PNG, WebP or HEIC image we can read (nothing stored). */
  'photo_not_an_image',
  /** 400: an uploaded menu photo is larger than 15 MB, or above 40 megapixels by its header (nothing stored). */
  'photo_too_large',
  /** 400: an uploaded menu photo is under 400 pixels on its shortest side (nothing stored). */
  'photo_too_small',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** The first field of `errors` (a 400 that names fields). */
  field?: string;
  errors?: { path: string; message: string }[];
}

/** The code an answer carries when its thrower named none. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'not_authenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'invalid_state';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 502:
    case 503:
    case 504:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'internal_error' : 'bad_request';
  }
}

/** The code of an error answer's body, when it has a known one. */
export function errorCodeOf(body: unknown): ErrorCode | undefined {
  const code = (body as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code)
    ? (code as ErrorCode)
    : undefined;
}
