// docs/api.md's table of error codes (issue 40): one row per code of core's
// ERROR_CODES, so the compiler asks for a row when a code is added; the
// contract test writes the table into the docs (UPDATE_API_DOC=1).
import type { ErrorCode } from '@bakery/core';

export interface ErrorCodeRow {
  /** The HTTP status (or statuses) the code comes with. */
  status: string;
  /** What it means and what the caller can do. */
  meaning: string;
}

export const ERROR_TABLE: Readonly<Record<ErrorCode, ErrorCodeRow>> = {
  validation_failed: {
    status: '400',
    meaning:
      'a field failed its schema; `errors` lists the fields (`[{ path, message }]`) and `field` names the first',
  },
  bad_request: {
    status: '400',
    meaning: 'malformed request (JSON, query)',
  },
  not_authenticated: {
    status: '401',
    meaning: 'no signed-in session, or it expired',
  },
  admin_session_required: {
    status: '401',
    meaning: 'signed in, but no staff session yet (`POST /api/admin/auto-login`)',
  },
  invalid_credentials: {
    status: '401',
    meaning: 'wrong e-mail or password (customer and staff sign-in)',
  },
  second_factor_required: {
    status: '401',
    meaning:
      "password right; a staff member's authenticator or recovery code is awaited (`POST /api/admin/login/second-factor`)",
  },
  invalid_second_factor: {
    status: '401 (400 at set-up)',
    meaning: 'the code is wrong or already used',
  },
  confirmation_required: {
    status: '403, 409',
    meaning:
      '403: a change that deletes data (keeping fewer backups) needs the password or an authenticator code in `confirm`, or the one given was wrong; 409: Mark Ready for a day other than today or tomorrow, send again with `confirmed: true`',
  },
  maintenance: {
    status: '503',
    meaning:
      'the shop is closed while the owner restores a backup (issue 38): every API call but her restore status; `Retry-After: 5`; the storefront\'s pages answer a "Back in a minute" page that reloads itself',
  },
  forbidden: {
    status: '403',
    meaning: "the role lacks the permission (core's table in `roles.ts`)",
  },
  password_change_required: {
    status: '403',
    meaning:
      'a staff password under 12 characters: no admin session until it is changed (`POST /api/user/password`)',
  },
  second_factor_setup_required: {
    status: '403',
    meaning:
      'the owner requires a second factor of all staff: only `/api/admin/me`, `/api/admin/second-factor*` and `/api/admin/security-policy` answer until it is set up',
  },
  second_factor_needed: {
    status: '403',
    meaning:
      'a staff member with a second factor changes password or e-mail, lists or ends sessions, changes the profile or exports the account only in a session that entered a code (the staff sign-in)',
  },
  invalid_link: {
    status: '400',
    meaning: 'a mailed e-mail-change or undo link is unknown, used or expired',
  },
  cross_site_refused: {
    status: '403',
    meaning: 'a state-changing request from another site',
  },
  not_found: {
    status: '404',
    meaning: 'no such id or path (or not yours)',
  },
  invalid_state: {
    status: '409',
    meaning: "the action is not allowed in the order's state; the message names it",
  },
  order_locked: {
    status: '409',
    meaning:
      'the customer\'s changes are closed: the lock time (48 hours before the pickup) passed; the message names it ("Changes closed on Tue, Dec 1 at 10:00 AM: call us at …")',
  },
  order_handed_over: {
    status: '409',
    meaning:
      'the order was picked up or delivered: it cannot be cancelled; record a refund (issue 23)',
  },
  refund_too_large: {
    status: '409',
    meaning:
      'a refund above the money received less earlier refunds; the message names the most it can be',
  },
  void_refused: {
    status: '409',
    meaning:
      'a payment void refused: not the owner or its recorder, another bakery day, already voided, or refunded in part',
  },
  request_in_progress: {
    status: '409',
    meaning:
      'the first request sent with this `Idempotency-Key` is still being worked on; send it again in a moment',
  },
  idempotency_key_reused: {
    status: '409',
    meaning: 'this `Idempotency-Key` was already used on this route with another body',
  },
  payment_due: {
    status: '409',
    meaning:
      'a hand-over of an unpaid order without the payment taken in the same step; the message names the amount',
  },
  order_paid: {
    status: '409',
    meaning: 'a paid order cannot be deleted; archive it',
  },
  already_exists: {
    status: '409',
    meaning: 'a unique value is taken (account e-mail, ingredient name)',
  },
  claim_broken: {
    status: '409',
    meaning:
      "an item's recipe has an ingredient flagged wheat, gluten or milk: it cannot carry the gluten-free, dairy-free promise; the message names the item and the ingredient ([kitchen.md](kitchen.md#allergens-and-labels-issue-26))",
  },
  item_unavailable: {
    status: '409',
    meaning:
      'an item of the order cannot be made on its pickup day (sold out, not yet or no longer in season, not on that weekday, hidden); the message names the item and the day: "Lemon Poppy Seed Loaf is not available on December 5, 2026 (Sold out)"',
  },
  capacity_full: {
    status: '409',
    meaning:
      'the kitchen is full or closed on that date for that category; also a drop whose pickup date is closed (the message names the date)',
  },
  window_full: {
    status: '409',
    meaning:
      "the pickup window cannot take the cart's units; the message names the category, window and date ([kitchen.md](kitchen.md#pickup-windows-and-drops-issue-25))",
  },
  drop_sold_out: {
    status: '409',
    meaning: 'a drop item has none (or too few) left; the message names the item and the drop',
  },
  drop_not_open: {
    status: '409',
    meaning: 'the drop an item is in opens later; the message names the item and when',
  },
  drop_closed: {
    status: '409',
    meaning: 'the drop an item is in has closed; the message names the item',
  },
  hold_expired: {
    status: '409',
    meaning:
      "a checkout hold of a drop asked for after the end of the holder's first hold of that drop (a hold never gets a fresh timer, even after a release); the customer orders what is left",
  },
  drop_window: {
    status: '409',
    meaning:
      "a drop item is picked up only in its drop's windows; the message names the item and the windows",
  },
  too_many_unpaid_orders: {
    status: '409',
    meaning:
      "the account (a guest: the e-mail) already holds the owner's cap of unpaid orders (default 5); the message says to pay one first ([kitchen.md](kitchen.md#unpaid-orders-are-released-issue-27))",
  },
  cake_writing_required: {
    status: '400',
    meaning: '"Add writing" chosen for a cake with no writing: "Enter the writing for your cake"',
  },
  outside_delivery_area: {
    status: '400',
    meaning: "the delivery ZIP is outside core's `DELIVERY_ZIPS` (about 25 miles, Florida)",
  },
  photo_not_an_image: {
    status: '400',
    meaning:
      'an uploaded menu photo is not a JPEG, PNG, WebP or HEIC image that can be read; nothing stored',
  },
  photo_too_large: {
    status: '400',
    meaning:
      'an uploaded menu photo is larger than 15 MB, or above 40 megapixels by its header (issue 39; the message names the limit); nothing stored',
  },
  photo_too_small: {
    status: '400',
    meaning: 'an uploaded menu photo is under 400 pixels on its shortest side; nothing stored',
  },
  payload_too_large: {
    status: '413',
    meaning: 'body over 100 kB',
  },
  unsupported_media_type: {
    status: '415',
    meaning: 'body not JSON',
  },
  rate_limited: {
    status: '429',
    meaning: 'too many attempts; try again later',
  },
  payment_not_configured: {
    status: '503, or 201 on `submit-order`',
    meaning: 'Square is not configured: the order is kept and staff arrange payment by e-mail',
  },
  service_unavailable: {
    status: '502/503',
    meaning:
      'Square or SMTP did not answer, or the database is out of reach (503 with `Retry-After`; try again)',
  },
  internal_error: {
    status: '500',
    meaning: 'unexpected; logged with the request id',
  },
  query_timeout: {
    status: '503',
    meaning: 'a staff read ran past its statement timeout and was stopped; narrow the range',
  },
};

/** The markdown table of every error code, in the record's order. */
export function renderErrorTable(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = (Object.entries(ERROR_TABLE) as [ErrorCode, ErrorCodeRow][]).map(
    ([code, row]) => `| \`${code}\` | ${cell(row.status)} | ${cell(row.meaning)} |`,
  );
  return ['| code | status | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
