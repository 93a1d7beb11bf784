// The messages of the mail service: the customer e-mails, each as plain text
// and simple HTML from one description (`message`: a greeting, sections of
// blocks, the signature). Pure functions of their inputs, so tests can read
// exactly what a customer receives. Figures come in integer cents and are
// printed with core's formatCents; the bakery's name and contact come from
// core's BAKERY_INFO. `toMailOrder` reads a stored order into what they show.
import {
  ADD_INS,
  BAKERY_INFO,
  BAKERY_TIME_ZONE,
  bakeryToday,
  CAKE_BOWS_FEE_CENTS,
  CAKE_FILLINGS,
  CAKE_WRITING_FEE_CENTS,
  customerPaymentNotice,
  formatCents,
  formatLongDate,
  pickupWhenText,
  type WindowShape,
  MIN_LEAD_DAYS,
  orderCalendarFile,
  orderNumber,
  paymentNotConfiguredText,
  NO_RUSH_FEE_DROP_NOTE,
  RUSH_FEE_CENTS,
  isRushDate,
  RUSH_THRESHOLD_DAYS,
  UNPAID_ORDER_MESSAGES,
  type PricedOrder,
  amountDueCents,
  refundRouteText,
} from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { centsOf, orderMoneyOf } from '../../db/money.js';
import { lineAllergenText } from '../allergens/orderLines.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** An .ics file attached to the mail (the order's pickup), when there is one. */
  calendar?: { filename: string; content: string } | null;
}

export interface MailOrderLine {
  name: string;
  variantLabel: string | null;
  /** Labels of the chosen cake filling and add-in, when any. */
  options: string[];
  quantity: number;
  lineTotalCents: number;
  /** Issue 26: "Contains: Eggs · May contain: Peanuts", as ordered; absent on older lines. */
  allergens?: string | null;
}

/** What the order mails show, figures in cents as core prices them; built by toMailOrder. */
export interface MailOrder extends Pick<
  PricedOrder,
  | 'subtotalCents'
  | 'cakeOptionsFeeCents'
  | 'rushFeeCents'
  | 'taxCents'
  | 'deliveryFeeCents'
  | 'totalCents'
> {
  /** Issue 37: a drop order within the rush window, which pays no rush fee (the mail says why). */
  rushFree?: boolean;
  id: string;
  orderNumber: string;
  customerName: string;
  lines: MailOrderLine[];
  deliveryMethod: 'pickup' | 'delivery';
  deliveryFeeStatus: string;
  /** YYYY-MM-DD, or null when not chosen. */
  pickupDate: string | null;
  pickupTime: string | null;
  /** The owner's windows (issue 37): an order booked in one says the window, not its start. */
  windows?: readonly WindowShape[];
  deliveryAddress: string | null;
  deliveryCity: string | null;
  deliveryState: string | null;
  deliveryZip: string | null;
  deliveryInstructions: string | null;
  specialInstructions: string | null;
  /** What to write on the cake (issue 14); absent or null when none. */
  cakeWriting?: string | null;
  /** The cake options chosen (issue 24: the mails name each, bows too); absent or null when none. */
  cakeOptions?: { hasWriting: boolean; hasBows: boolean } | null;
  paymentUrl: string | null;
  /** pending, paid, completed or cancelled. */
  paymentStatus: string;
  orderStatus: string;
  /** Given when the order is marked ready (issue 23); absent or null before. */
  pickupCode?: string | null;
  /** Dollars refunded so far, in cents. */
  refundedCents?: number;
  /** What the customer still owes, in cents (core's amountDueCents; issue 36). */
  amountDueCents?: number;
}

export interface MailContext {
  /** The shop's address, for links back to it. */
  publicUrl: string;
  /** Whether Square payment is configured (changes the payment notice). */
  paymentConfigured: boolean;
}

/** Password reset links are valid this long (the account service sets the token's expiry). */
export const RESET_LINK_VALID_HOURS = 1;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// ---------------------------------------------------------------- the builder

/**
 * A block of a message, written both ways: a string is a paragraph; `lines`
 * are lines of one paragraph; a button is a link button in HTML and its
 * `text` in the plain text; a link is "label: address" in text; `html` is for
 * HTML only; a summary is the order's lines and totals.
 */
type Block =
  | string
  | { lines: string[] }
  | { button: string; href: string; text: string }
  | { link: string; href: string }
  | { html: string }
  | { summary: MailOrder }
  | null
  | undefined
  | false;

const signature = () => {
  const b = BAKERY_INFO;
  return [b.name, `${b.street}, ${b.city}, ${b.state} ${b.zip}`, `${b.phone} · ${b.email}`];
};

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#8a4b2a;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;

function greeting(name: string): string {
  const first = name.trim().split(/\s+/)[0];
  return first ? `Hi ${first},` : 'Hello,';
}

function blockText(block: Exclude<Block, null | undefined | false>): string[] {
  if (typeof block === 'string') return [block];
  if ('lines' in block) return block.lines;
  if ('button' in block) return [block.text];
  if ('link' in block) return [`${block.link}: ${block.href}`];
  if ('summary' in block) return orderSummaryText(block.summary);
  return [];
}

function blockHtml(block: Exclude<Block, null | undefined | false>): string {
  if (typeof block === 'string') return paragraph(block);
  if ('lines' in block) return `<p>${block.lines.map(escapeHtml).join('<br>')}</p>`;
  if ('button' in block) return button(block.href, block.button);
  if ('link' in block)
    return `<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.link)}</a></p>`;
  if ('summary' in block) return orderSummaryHtml(block.summary);
  return block.html;
}

/** A plain, inline-styled page: most mail clients ignore style sheets. */
function page(title: string, bodyHtml: string): string {
  const b = BAKERY_INFO;
  const [name, address] = signature().map(escapeHtml);
  const email = escapeHtml(b.email);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#fdf8f3;font-family:Arial,Helvetica,sans-serif;color:#3b2a1a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<h1 style="font-size:20px;margin:0 0 16px">${name}</h1>
${bodyHtml}
<p style="margin-top:32px;font-size:13px;color:#6b5a4a">${name}<br>${address}<br>${escapeHtml(b.phone)} · <a href="mailto:${email}">${email}</a></p>
</div></body></html>`;
}

/**
 * One message, text and HTML from the same blocks: "Hi Ada," first, then the
 * sections (a blank line between them in the text), then the signature.
 */
function message(subject: string, name: string, sections: Block[][]): MailContent {
  const blocks = [[greeting(name)], ...sections].map((section) =>
    section.filter((block): block is Exclude<Block, null | undefined | false> => !!block),
  );
  const text = [
    ...blocks.filter((section) => section.length).map((section) => section.flatMap(blockText)),
    signature(),
  ]
    .map((lines) => lines.join('\n'))
    .join('\n\n');
  const html = page(subject, blocks.flat().map(blockHtml).join('\n'));
  return { subject, text, html };
}

// ---------------------------------------------------------------- the parts

function lineLabel(line: MailOrderLine): string {
  const details = [line.variantLabel, ...line.options].filter(Boolean);
  return details.length ? `${line.name} (${details.join(', ')})` : line.name;
}

/** Subtotal, the fees above zero, tax and total, as label/amount pairs. */
function totalsRows(order: MailOrder): Array<[string, string]> {
  const rows: Array<[string, string]> = [['Subtotal', formatCents(order.subtotalCents)]];
  if (order.cakeOptionsFeeCents > 0)
    rows.push(['Cake options', formatCents(order.cakeOptionsFeeCents)]);
  if (order.rushFeeCents > 0) rows.push(['Rush fee', formatCents(order.rushFeeCents)]);
  else if (order.rushFree) rows.push(['Rush fee', `$0.00 (${NO_RUSH_FEE_DROP_NOTE})`]);
  if (order.deliveryFeeCents > 0) rows.push(['Delivery fee', formatCents(order.deliveryFeeCents)]);
  rows.push(['Tax', formatCents(order.taxCents)]);
  rows.push(['Total', formatCents(order.totalCents)]);
  return rows;
}

/**
 * The cake options in words (issue 24): each one chosen with its price, and
 * what the "Cake options" line of the totals is: one fee per order, not per cake.
 */
export function cakeOptionLines(order: MailOrder): string[] {
  const writing = Boolean(order.cakeOptions?.hasWriting || order.cakeWriting);
  const bows = Boolean(order.cakeOptions?.hasBows);
  const lines: string[] = [];
  if (writing)
    lines.push(
      order.cakeWriting
        ? `Writing on the cake: “${order.cakeWriting}” (+${formatCents(CAKE_WRITING_FEE_CENTS)})`
        : `Writing on the cake (+${formatCents(CAKE_WRITING_FEE_CENTS)})`,
    );
  if (bows) lines.push(`Bows on the cake (+${formatCents(CAKE_BOWS_FEE_CENTS)})`);
  if (order.cakeOptionsFeeCents > 0) {
    const parts = [
      writing && `writing ${formatCents(CAKE_WRITING_FEE_CENTS)}`,
      bows && `bows ${formatCents(CAKE_BOWS_FEE_CENTS)}`,
    ].filter(Boolean);
    lines.push(
      `The cake options fee of ${formatCents(order.cakeOptionsFeeCents)} is for these decorations (${parts.join(' and ')}), once per order.`,
    );
  }
  return lines;
}

/** "December 5, 2026, 8:00 AM – 10:00 AM" in a window, else "... at 10:00 AM" (core's rule). */
function whenText(order: MailOrder): string {
  return pickupWhenText(order, order.windows ?? []);
}

function fulfillmentLines(order: MailOrder): string[] {
  if (order.deliveryMethod === 'delivery') {
    const address = [
      order.deliveryAddress,
      order.deliveryCity,
      [order.deliveryState, order.deliveryZip].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', ');
    const lines = [`Delivery on ${whenText(order)}`, `To: ${address}`];
    if (order.deliveryInstructions)
      lines.push(`Delivery instructions: ${order.deliveryInstructions}`);
    return lines;
  }
  return [
    `Pickup on ${whenText(order)}`,
    `At: ${BAKERY_INFO.street}, ${BAKERY_INFO.city}, ${BAKERY_INFO.state} ${BAKERY_INFO.zip}`,
  ];
}

/** What the customer must do about payment, given the order's state (core decides which case applies). */
export function paymentNotice(order: MailOrder, context: MailContext): string {
  const notice = customerPaymentNotice({ ...order, squarePaymentUrl: order.paymentUrl });
  if (notice === null)
    return order.paymentStatus === 'cancelled'
      ? 'This order was cancelled.'
      : 'Your order is paid. Thank you!';
  if (notice === 'pay')
    return `Please pay through Square with the link below. Payment is due 24 hours before ${order.deliveryMethod === 'delivery' ? 'delivery' : 'pickup'} of your order.`;
  // Issue 38: without Square no link will come; say what will happen instead.
  if (!context.paymentConfigured) return paymentNotConfiguredText(order);
  if (notice === 'delivery_fee_pending')
    return 'We will calculate your delivery fee and e-mail you a Square payment link within 24 hours.';
  return 'Your Square payment link is being prepared; we will e-mail it to you shortly.';
}

function leadTimeNotice(): string {
  return `Orders need at least ${MIN_LEAD_DAYS} days' notice; orders for less than ${RUSH_THRESHOLD_DAYS} days ahead include a ${formatCents(RUSH_FEE_CENTS)} rush fee.`;
}

function orderSummaryText(order: MailOrder): string[] {
  const width = Math.max(...totalsRows(order).map(([label]) => label.length), 8);
  return [
    ...order.lines.flatMap((line) => [
      `${line.quantity} x ${lineLabel(line)}  ${formatCents(line.lineTotalCents)}`,
      ...(line.allergens ? [`    ${line.allergens}`] : []),
    ]),
    '',
    ...totalsRows(order).map(([label, amount]) => `${label.padEnd(width)}  ${amount}`),
  ];
}

function orderSummaryHtml(order: MailOrder): string {
  const cell = 'padding:4px 8px;border-bottom:1px solid #eee';
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${line.quantity} × ${escapeHtml(lineLabel(line))}${line.allergens ? `<br><span style="font-size:13px;color:#6b5a4a">${escapeHtml(line.allergens)}</span>` : ''}</td><td style="${cell};text-align:right">${formatCents(line.lineTotalCents)}</td></tr>`,
    )
    .join('');
  const totals = totalsRows(order)
    .map(([label, amount]) => {
      const strong = label === 'Total';
      return `<tr><td style="padding:4px 8px${strong ? ';font-weight:bold' : ''}">${label}</td><td style="padding:4px 8px;text-align:right${strong ? ';font-weight:bold' : ''}">${amount}</td></tr>`;
    })
    .join('');
  return `<table style="width:100%;border-collapse:collapse" role="presentation"><tbody>${rows}${totals}</tbody></table>`;
}

const payButton = (url: string, text = `Pay with Square: ${url}`) => ({
  button: 'Pay with Square',
  href: url,
  text,
});
/** The order's .ics (GET /api/my-orders/{id}/calendar.ics, for the signed-in customer). */
const calendarLink = (order: MailOrder, context: MailContext) =>
  order.pickupDate
    ? {
        link: 'Add to calendar',
        href: `${context.publicUrl}/api/my-orders/${order.id}/calendar.ics`,
      }
    : null;
const followLink = (context: MailContext) => ({
  link: 'Follow your order',
  href: `${context.publicUrl}/my-orders`,
});
const questions = () => `Questions? Call us at ${BAKERY_INFO.phone}.`;

// ---------------------------------------------------------------- the mails

export function passwordResetMail(to: { firstName: string }, resetUrl: string): MailContent {
  return message(`Reset your ${BAKERY_INFO.name} password`, to.firstName, [
    [
      `We received a request to reset the password of your ${BAKERY_INFO.name} account.`,
      {
        button: 'Choose a new password',
        href: resetUrl,
        text: `Choose a new password here:\n${resetUrl}`,
      },
      { html: `<p style="font-size:13px">Or open this address: ${escapeHtml(resetUrl)}</p>` },
    ],
    [
      `The link is valid for ${RESET_LINK_VALID_HOURS} hour and can be used once.`,
      'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
    ],
  ]);
}

/** After a password change or reset: so an owner who did not make it learns at once. */
export function passwordChangedMail(to: { firstName: string }): MailContent {
  return message(`Your ${BAKERY_INFO.name} password was changed`, to.firstName, [
    [
      `The password of your ${BAKERY_INFO.name} account was just changed, and every other device signed in to it was signed out.`,
    ],
    [
      `If you did not do this, reset your password at once with "Forgot password" on the login page and tell us at ${BAKERY_INFO.email}.`,
    ],
  ]);
}

export const EMAIL_CHANGE_VALID_HOURS = 24;
export const EMAIL_UNDO_VALID_DAYS = 7;

/** To the NEW address: the link that makes the change. */
export function emailChangeConfirmMail(to: { firstName: string }, confirmUrl: string): MailContent {
  return message(`Confirm your new ${BAKERY_INFO.name} e-mail address`, to.firstName, [
    [
      `Someone signed in to a ${BAKERY_INFO.name} account asked to use this address for it. The change happens only when you follow this link.`,
      {
        button: 'Confirm this address',
        href: confirmUrl,
        text: `Confirm this address here:\n${confirmUrl}`,
      },
    ],
    [
      `The link is valid for ${EMAIL_CHANGE_VALID_HOURS} hours and can be used once.`,
      'If you did not ask for this, ignore this e-mail: nothing changes.',
    ],
  ]);
}

/** To the NEW address when it already has an account: no link, the same answer on the site. */
export function emailChangeTakenMail(): MailContent {
  return message(`About your ${BAKERY_INFO.name} account`, '', [
    [
      `Someone asked to move another ${BAKERY_INFO.name} account to this address, but this address already has an account, so nothing changed.`,
      'If it was you: sign in with this address (or use "Forgot password" on the login page). If not, you can ignore this e-mail.',
    ],
  ]);
}

/**
 * Issue 39: "tell me when it opens" is double opt-in. To the address that
 * was given: nothing more is sent unless its owner follows the link.
 */
export function dropNotifyConfirmMail(
  drop: { name: string; opensAt: string },
  confirmUrl: string,
): MailContent {
  return message(`Confirm: e-mail me when ${drop.name} opens`, '', [
    [
      `Someone (we hope you) asked ${BAKERY_INFO.name} to e-mail this address when the ${drop.name} drop opens on ${drop.opensAt}.`,
      { button: 'Yes, e-mail me', href: confirmUrl, text: `Yes, e-mail me: ${confirmUrl}` },
      'If it was not you, ignore this e-mail: we will not write again about this drop.',
    ],
  ]);
}

/** Issue 25: to an address that asked to be told when a drop opens (once), with an unsubscribe link. */
export function dropOpenedMail(
  drop: {
    name: string;
    closesAt: string;
    pickupDates: string[];
    items?: string[];
    firstName?: string;
  },
  shopUrl: string,
  unsubscribeUrl: string,
): MailContent {
  // Issue 37: the items, the days in words and the customer's name where known.
  const what = drop.name.toLowerCase().endsWith(' drop') ? drop.name : `${drop.name} drop`;
  return message(`${drop.name} is open for orders`, drop.firstName ?? '', [
    [
      `You asked us to tell you when the ${what} opens: it is open now, until ${drop.closesAt} or until everything is gone.`,
      drop.items?.length ? `In this drop: ${drop.items.join(', ')}.` : null,
      `Pickup: ${drop.pickupDates.join('; ')}.`,
      { button: 'Order now', href: shopUrl, text: `Order now: ${shopUrl}` },
    ],
    [{ link: 'Stop these e-mails for this drop', href: unsubscribeUrl }],
  ]);
}

/** To the OLD address once the change is made: a notice with an undo link. */
export function emailChangedMail(
  to: { firstName: string },
  newEmail: string,
  undoUrl: string,
): MailContent {
  return message(`Your ${BAKERY_INFO.name} e-mail address was changed`, to.firstName, [
    [
      `The e-mail address of your ${BAKERY_INFO.name} account was changed to ${newEmail}, and every other device signed in to it was signed out.`,
    ],
    [
      'If you did not do this, undo the change with this link: the account gets this address back and every device is signed out.',
      { button: 'Undo the change', href: undoUrl, text: `Undo the change here:\n${undoUrl}` },
      `The link is valid for ${EMAIL_UNDO_VALID_DAYS} days. Then reset your password with "Forgot password" and tell us at ${BAKERY_INFO.email}.`,
    ],
  ]);
}

/** The mail with the order's pickup attached as an .ics file ("Add to calendar" in the mail app). */
function withCalendar(order: MailOrder, context: MailContext, mail: MailContent): MailContent {
  const content = orderCalendarFile(order, {
    url: `${context.publicUrl.replace(/\/+$/, '')}/my-orders`,
  });
  return content
    ? { ...mail, calendar: { filename: `order-${order.orderNumber}.ics`, content } }
    : mail;
}

export function orderReceivedMail(order: MailOrder, context: MailContext): MailContent {
  return withCalendar(
    order,
    context,
    message(`We received your order #${order.orderNumber}`, order.customerName, [
      [
        `Thank you for ordering from ${BAKERY_INFO.name}! Here is your order #${order.orderNumber}.`,
      ],
      [{ summary: order }],
      [
        { lines: fulfillmentLines(order) },
        order.deliveryMethod === 'delivery' ? null : mapLink(),
        calendarLink(order, context),
        cakeOptionLines(order).length > 0 && { lines: cakeOptionLines(order) },
        order.specialInstructions && `Special instructions: ${order.specialInstructions}`,
      ],
      [
        paymentNotice(order, context),
        order.paymentUrl && payButton(order.paymentUrl),
        leadTimeNotice(),
      ],
      [followLink(context)],
    ]),
  );
}

export function paymentLinkReadyMail(
  order: MailOrder & { paymentUrl: string },
  context: MailContext,
): MailContent {
  return message(`Your payment link for order #${order.orderNumber}`, order.customerName, [
    [
      `Your order #${order.orderNumber} is ready for payment. The total is ${formatCents(order.totalCents)}${order.deliveryFeeCents > 0 ? `, including a delivery fee of ${formatCents(order.deliveryFeeCents)}` : ''}.`,
      paymentNotice(order, context),
    ],
    [payButton(order.paymentUrl)],
    [{ summary: order }, cakeOptionLines(order).length > 0 && { lines: cakeOptionLines(order) }],
  ]);
}

export function paymentReceivedMail(order: MailOrder, context: MailContext): MailContent {
  return message(`Payment received for order #${order.orderNumber}`, order.customerName, [
    [
      `We received your payment of ${formatCents(order.totalCents)} for order #${order.orderNumber}. Thank you!`,
      fulfillmentLines(order)[0]!,
    ],
    [followLink(context)],
  ]);
}

/** A map search for the bakery's address (any phone opens it in its maps app). */
export const bakeryMapUrl = () =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    `${BAKERY_INFO.street}, ${BAKERY_INFO.city}, ${BAKERY_INFO.state} ${BAKERY_INFO.zip}`,
  )}`;

const mapLink = () => ({ link: 'Map and directions', href: bakeryMapUrl() });

const pickupCodeLine = (order: MailOrder) =>
  order.pickupCode ? `Your pickup code: ${order.pickupCode} (show it at the counter).` : null;

/** Staff marked the order ready (issue 23): the code, where, when, and what is still due. */
export function orderReadyMail(order: MailOrder, context: MailContext): MailContent {
  const delivery = order.deliveryMethod === 'delivery';
  const unpaid = order.paymentStatus === 'pending';
  return message(
    `Your order #${order.orderNumber} is ready for ${delivery ? 'delivery' : 'pickup'}`,
    order.customerName,
    [
      [
        delivery
          ? `Your order #${order.orderNumber} is baked and ready; it will be delivered as arranged.`
          : `Your order #${order.orderNumber} is baked and ready for pickup.`,
        delivery ? null : pickupCodeLine(order),
        { lines: fulfillmentLines(order) },
        delivery ? null : mapLink(),
      ],
      [
        unpaid &&
          (order.paymentUrl
            ? payButton(order.paymentUrl, `Payment is still open: ${order.paymentUrl}`)
            : `${formatCents(order.totalCents)} is due at ${delivery ? 'delivery' : 'pickup'}.`),
      ],
      [followLink(context), questions()],
    ],
  );
}

/** A delivery order left the bakery. */
export function outForDeliveryMail(order: MailOrder, context: MailContext): MailContent {
  return message(`Your order #${order.orderNumber} is out for delivery`, order.customerName, [
    [`Your order #${order.orderNumber} is on its way.`, { lines: fulfillmentLines(order) }],
    [followLink(context), questions()],
  ]);
}

/** Staff restored a cancelled order (issue 23). */
export function orderRestoredMail(order: MailOrder, context: MailContext): MailContent {
  return message(`Your order #${order.orderNumber} is back on`, order.customerName, [
    [
      `Good news: your order #${order.orderNumber} for ${whenText(order)} was restored and is on again. Please ignore our cancellation e-mail.`,
    ],
    [{ summary: order }],
    [followLink(context), questions()],
  ]);
}

/** Staff recorded a refund (part or whole). */
export function refundRecordedMail(
  order: MailOrder,
  context: MailContext,
  refund?: { amountCents: number; method: string },
): MailContent {
  const refunded = formatCents(refund?.amountCents ?? order.refundedCents ?? 0);
  return message(`Refund for order #${order.orderNumber}`, order.customerName, [
    [
      `We have refunded ${refunded} of your order #${order.orderNumber}, ${refundRouteText(refund?.method)}.`,
    ],
    [followLink(context), questions()],
  ]);
}

/** An open payment: its link, or what happens instead (issue 38: no link promised without Square). */
function pendingPayment(order: MailOrder, context: MailContext) {
  if (order.paymentUrl) return payButton(order.paymentUrl);
  return context.paymentConfigured
    ? "We'll e-mail you a payment link after we review your order."
    : paymentNotConfiguredText(order);
}

/** Staff set or corrected the delivery fee: the new total and, when there is one, the payment link. */
export function deliveryFeeSetMail(order: MailOrder, context: MailContext): MailContent {
  return message(`Delivery fee for order #${order.orderNumber}`, order.customerName, [
    [
      `The delivery fee for your order #${order.orderNumber} is ${formatCents(order.deliveryFeeCents)}. Your new total is ${formatCents(order.totalCents)}.`,
      { lines: fulfillmentLines(order) },
    ],
    [{ summary: order }],
    [order.paymentStatus === 'pending' && pendingPayment(order, context)],
    [followLink(context), questions()],
  ]);
}

/** The day before the pickup or delivery (issue 23), sent once. */
export function pickupReminderMail(order: MailOrder, context: MailContext): MailContent {
  const delivery = order.deliveryMethod === 'delivery';
  return message(
    `Reminder: your order #${order.orderNumber} ${delivery ? 'arrives' : 'is ready'} tomorrow`,
    order.customerName,
    [
      [
        delivery
          ? `Your order #${order.orderNumber} will be delivered tomorrow.`
          : `Your order #${order.orderNumber} will be ready for pickup tomorrow.`,
        { lines: fulfillmentLines(order) },
        delivery ? null : mapLink(),
      ],
      [
        order.paymentStatus === 'pending' &&
          (order.paymentUrl
            ? payButton(order.paymentUrl, `Payment is still open: ${order.paymentUrl}`)
            : `${formatCents(order.totalCents)} is due at pickup.`),
      ],
      [followLink(context), questions()],
    ],
  );
}

/** A change line without the customer's own words (issue 39): "Writing on the cake: changed". */
export function withoutFreeText(change: string): string {
  return /^Writing on the cake:/.test(change) ? 'Writing on the cake: changed' : change;
}

/** The customer changed the order from My Orders (issue 24): each change and the new total. */
export function orderChangedMail(
  order: MailOrder,
  changes: readonly string[],
  context: MailContext,
): MailContent {
  // The event again, at its new date and time: the calendar app updates it (same UID).
  return withCalendar(
    order,
    context,
    message(`Your order #${order.orderNumber} was changed`, order.customerName, [
      [
        `You changed your order #${order.orderNumber}. Here is what changed:`,
        { lines: changes.map((change) => `• ${withoutFreeText(change)}`) },
        `Your new total is ${formatCents(order.totalCents)}.`,
      ],
      [{ summary: order }, { lines: fulfillmentLines(order) }, calendarLink(order, context)],
      [order.paymentStatus === 'pending' ? pendingPayment(order, context) : null],
      [followLink(context), questions()],
    ]),
  );
}

/** Staff cancelled the order (issue 12). */
export function orderCancelledMail(order: MailOrder, _context: MailContext): MailContent {
  return message(`Your order #${order.orderNumber} has been cancelled`, order.customerName, [
    [
      `Your order #${order.orderNumber} for ${whenText(order)} has been cancelled.`,
      'If you have already paid, your payment will be refunded to your card.',
    ],
    [questions()],
  ]);
}

/** Unpaid-order release (issue 27): the warning before, with the payment link. */
export function unpaidWarningMail(order: MailOrder, releaseAt: Date): MailContent {
  const deadline = `${formatLongDate(bakeryToday(releaseAt))} at ${releaseAt.toLocaleTimeString(
    'en-US',
    {
      timeZone: BAKERY_TIME_ZONE,
      hour: 'numeric',
      minute: '2-digit',
    },
  )} (Eastern time)`;
  return message(UNPAID_ORDER_MESSAGES.warningSubject(order.orderNumber), order.customerName, [
    [UNPAID_ORDER_MESSAGES.warningText(order.orderNumber, deadline)],
    [order.paymentUrl && payButton(order.paymentUrl)],
    [{ summary: order }],
    [questions()],
  ]);
}

/** Unpaid-order release (issue 27): the order was cancelled because it was not paid. */
export function unpaidReleasedMail(order: MailOrder, releaseAfterHours: number): MailContent {
  return message(UNPAID_ORDER_MESSAGES.releasedSubject(order.orderNumber), order.customerName, [
    [UNPAID_ORDER_MESSAGES.releasedText(order.orderNumber, releaseAfterHours)],
    [questions()],
  ]);
}

// ---------------------------------------------------------------- stored orders

function linesOf(items: unknown): MailOrderLine[] {
  if (!Array.isArray(items)) return [];
  return items.map((raw) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    const quantity = Number(item.quantity ?? 0);
    const filling = CAKE_FILLINGS.find((option) => option.id === item.filling);
    const addIn = ADD_INS.find((option) => option.id === item.addIn);
    const lineTotal = item.lineTotal ?? null;
    return {
      name: String(item.name ?? item.productId ?? 'Item'),
      variantLabel:
        typeof item.variantLabel === 'string' && item.variantLabel ? item.variantLabel : null,
      options: [
        filling ? `${filling.label} filling` : null,
        addIn ? `with ${addIn.label.toLowerCase()}` : null,
        // The words themselves are never quoted (issue 39, see toMailOrder).
        typeof item.writing === 'string' && item.writing ? 'with writing' : null,
      ].filter((o): o is string => o !== null),
      quantity,
      allergens: lineAllergenText(raw),
      lineTotalCents:
        lineTotal !== null
          ? centsOf(lineTotal as number)
          : centsOf(item.price as number) * quantity,
    };
  });
}

function cakeOptionsOf(value: unknown): MailOrder['cakeOptions'] {
  if (!value || typeof value !== 'object') return null;
  const options = value as { hasWriting?: unknown; hasBows?: unknown };
  return { hasWriting: options.hasWriting === true, hasBows: options.hasBows === true };
}

export type StoredOrder = NonNullable<Awaited<ReturnType<PrismaClient['order']['findUnique']>>>;

/** A stored order as the order mails show it. */
export function toMailOrder(order: StoredOrder, windows: readonly WindowShape[] = []): MailOrder {
  return {
    windows,
    id: order.id,
    orderNumber: orderNumber(order.id),
    customerName: order.customerName,
    lines: linesOf(order.items),
    subtotalCents: centsOf(order.subtotal),
    cakeOptionsFeeCents: centsOf(order.cakeOptionsFee),
    rushFeeCents: centsOf(order.rushFee),
    // Issue 37: within the rush window, no fee and not a rush order: only a
    // drop order is priced so (priceOrder's rushFree).
    rushFree:
      RUSH_FEE_CENTS > 0 &&
      !order.isRushOrder &&
      centsOf(order.rushFee) === 0 &&
      order.pickupDate !== null &&
      isRushDate(order.pickupDate, bakeryToday(order.createdAt)),
    taxCents: centsOf(order.tax),
    deliveryFeeCents: centsOf(order.deliveryFee),
    totalCents: centsOf(order.total),
    deliveryMethod: order.deliveryMethod === 'delivery' ? 'delivery' : 'pickup',
    deliveryFeeStatus: order.deliveryFeeStatus,
    pickupDate: order.pickupDate,
    pickupTime: order.pickupTime,
    deliveryAddress: order.deliveryAddress,
    deliveryCity: order.deliveryCity,
    deliveryState: order.deliveryState,
    deliveryZip: order.deliveryZip,
    // Issue 39: a customer's own words (cake writing, instructions) are never
    // quoted in a mail: sign-up does not confirm the address, so whoever
    // typed them could have them sent, under the shop's name, to anyone.
    // The mails say what was chosen; the words are on My Orders and the desk.
    deliveryInstructions: null,
    specialInstructions: null,
    cakeWriting: null,
    cakeOptions: cakeOptionsOf(order.cakeOptions),
    paymentUrl: order.squarePaymentUrl,
    paymentStatus: order.paymentStatus,
    orderStatus: order.orderStatus,
    pickupCode: order.pickupCode,
    refundedCents: centsOf(order.refundedAmount),
    amountDueCents: amountDueCents(orderMoneyOf(order)),
  };
}

/** Issue 41: a date could not take an occurrence of a standing order (the customer's and the owner's copies). */
export function standingRefusedMail(
  refusal: { date: string; reason: string; customerEmail: string },
  toOwner: boolean,
  pageUrl: string,
): MailContent {
  return message(
    toOwner
      ? `A standing order could not be booked for ${refusal.date}`
      : 'An occurrence of your standing order could not be booked',
    '',
    [
      [
        toOwner
          ? `The standing order of ${refusal.customerEmail} could not be booked for ${refusal.date}: ${refusal.reason}`
          : `We could not book your standing order for ${refusal.date}: ${refusal.reason} Your other dates are not affected.`,
        { button: 'See the standing order', href: pageUrl, text: `See it: ${pageUrl}` },
      ],
    ],
  );
}

/** Issue 41: the owner paused every standing order for a holiday. */
export function standingHolidayMail(
  holiday: {
    firstName: string | null;
    reason: string;
    fromDate: string;
    toDate: string;
    dates: string[];
    backOn: string;
  },
  pageUrl: string,
): MailContent {
  const days =
    holiday.fromDate === holiday.toDate
      ? `on ${holiday.fromDate}`
      : `from ${holiday.fromDate} to ${holiday.toDate}`;
  return message(`Your standing order is paused: ${holiday.reason}`, holiday.firstName ?? '', [
    [
      `The bakery is closed ${days} (${holiday.reason}).`,
      `We skipped your standing order for ${holiday.dates.join(', ')}. Nothing is charged for ${holiday.dates.length === 1 ? 'it' : 'them'}, and there is nothing for you to do: it carries on as before from ${holiday.backOn}.`,
      { button: 'See your standing orders', href: pageUrl, text: `See them: ${pageUrl}` },
    ],
  ]);
}

/** Issue 41: what changed in a booked occurrence (a substitute, an item left out, today's price). */
export function standingChangedMail(
  change: { date: string; changes: string[]; total: string },
  pageUrl: string,
): MailContent {
  return message(`Your standing order for ${change.date} has changed`, '', [
    [
      `The menu changed since your standing order was booked. For ${change.date}:`,
      ...change.changes.map((words) => `• ${words}`),
      `Its total is now ${change.total}. You can change or skip this date until it locks.`,
      { button: 'See your standing orders', href: pageUrl, text: `See them: ${pageUrl}` },
    ],
  ]);
}

/** Issue 41: the reminder before an occurrence locks, with a one-tap skip link. */
export function standingReminderMail(
  reminder: { date: string; items: string; lockAt: string; total: string },
  skipUrl: string,
): MailContent {
  return message(`Your standing order for ${reminder.date}`, '', [
    [
      `Your standing order for ${reminder.date} is booked: ${reminder.items} (${reminder.total}).`,
      `You can skip this date until ${reminder.lockAt}.`,
      { button: 'Skip this date', href: skipUrl, text: `Skip this date: ${skipUrl}` },
    ],
  ]);
}
