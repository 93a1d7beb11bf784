// The customer e-mails, each as plain text and simple HTML. Pure functions of
// their inputs, so tests can read exactly what a customer receives. Figures
// come in integer cents and are printed with core's formatCents; the bakery's
// name and contact come from core's BAKERY_INFO.
import {
  BAKERY_INFO,
  customerPaymentNotice,
  formatCents,
  formatLongDate,
  MIN_LEAD_DAYS,
  RUSH_FEE_CENTS,
  RUSH_THRESHOLD_DAYS,
} from '@bakery/core';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailOrderLine {
  name: string;
  variantLabel: string | null;
  /** Labels of the chosen cake filling and add-in, when any. */
  options: string[];
  quantity: number;
  lineTotalCents: number;
}

/** What the order mails show, in cents; built from the stored order by mailer.ts. */
export interface MailOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  lines: MailOrderLine[];
  subtotalCents: number;
  cakeOptionsFeeCents: number;
  rushFeeCents: number;
  taxCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  deliveryMethod: 'pickup' | 'delivery';
  deliveryFeeStatus: string;
  /** YYYY-MM-DD, or null when not chosen. */
  pickupDate: string | null;
  pickupTime: string | null;
  deliveryAddress: string | null;
  deliveryCity: string | null;
  deliveryState: string | null;
  deliveryZip: string | null;
  deliveryInstructions: string | null;
  specialInstructions: string | null;
  /** What to write on the cake (issue 14); absent or null when none. */
  cakeWriting?: string | null;
  paymentUrl: string | null;
  /** pending, paid, completed or cancelled. */
  paymentStatus: string;
  orderStatus: string;
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

const signatureText = () =>
  [
    '',
    `${BAKERY_INFO.name}`,
    `${BAKERY_INFO.street}, ${BAKERY_INFO.city}, ${BAKERY_INFO.state} ${BAKERY_INFO.zip}`,
    `${BAKERY_INFO.phone} · ${BAKERY_INFO.email}`,
  ].join('\n');

/** A plain, inline-styled page: most mail clients ignore style sheets. */
function page(title: string, bodyHtml: string): string {
  const b = BAKERY_INFO;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#fdf8f3;font-family:Arial,Helvetica,sans-serif;color:#3b2a1a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(b.name)}</h1>
${bodyHtml}
<p style="margin-top:32px;font-size:13px;color:#6b5a4a">${escapeHtml(b.name)}<br>${escapeHtml(`${b.street}, ${b.city}, ${b.state} ${b.zip}`)}<br>${escapeHtml(b.phone)} · <a href="mailto:${escapeHtml(b.email)}">${escapeHtml(b.email)}</a></p>
</div></body></html>`;
}

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#8a4b2a;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

function greeting(name: string): string {
  const first = name.trim().split(/\s+/)[0];
  return first ? `Hi ${first},` : 'Hello,';
}

export function passwordResetMail(to: { firstName: string }, resetUrl: string): MailContent {
  const subject = `Reset your ${BAKERY_INFO.name} password`;
  const intro = `We received a request to reset the password of your ${BAKERY_INFO.name} account.`;
  const validity = `The link is valid for ${RESET_LINK_VALID_HOURS} hour and can be used once.`;
  const ignore =
    'If you did not ask for this, you can ignore this e-mail: your password stays the same.';
  const text = [
    greeting(to.firstName),
    '',
    intro,
    'Choose a new password here:',
    resetUrl,
    '',
    validity,
    ignore,
    signatureText(),
  ].join('\n');
  const html = page(
    subject,
    [
      paragraph(greeting(to.firstName)),
      paragraph(intro),
      button(resetUrl, 'Choose a new password'),
      `<p style="font-size:13px">Or open this address: ${escapeHtml(resetUrl)}</p>`,
      paragraph(validity),
      paragraph(ignore),
    ].join('\n'),
  );
  return { subject, text, html };
}

/** After a password change or reset: so an owner who did not make it learns at once. */
export function passwordChangedMail(to: { firstName: string }): MailContent {
  const subject = `Your ${BAKERY_INFO.name} password was changed`;
  const intro = `The password of your ${BAKERY_INFO.name} account was just changed, and every other device signed in to it was signed out.`;
  const warning = `If you did not do this, reset your password at once with "Forgot password" on the login page and tell us at ${BAKERY_INFO.email}.`;
  const text = [greeting(to.firstName), '', intro, '', warning, signatureText()].join('\n');
  const html = page(
    subject,
    [paragraph(greeting(to.firstName)), paragraph(intro), paragraph(warning)].join('\n'),
  );
  return { subject, text, html };
}

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
  if (order.deliveryFeeCents > 0) rows.push(['Delivery fee', formatCents(order.deliveryFeeCents)]);
  rows.push(['Tax', formatCents(order.taxCents)]);
  rows.push(['Total', formatCents(order.totalCents)]);
  return rows;
}

function whenText(order: MailOrder): string {
  const date = order.pickupDate ? formatLongDate(order.pickupDate) : 'date to be confirmed';
  return `${date} at ${order.pickupTime ?? 'a time to be confirmed'}`;
}

function fulfilmentLines(order: MailOrder): string[] {
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
  if (notice === 'delivery_fee_pending')
    return 'We will calculate your delivery fee and e-mail you a Square payment link within 24 hours.';
  if (!context.paymentConfigured)
    return 'Our team will contact you at this e-mail address to arrange payment through Square.';
  return 'Your Square payment link is being prepared; we will e-mail it to you shortly.';
}

function leadTimeNotice(): string {
  return `Orders need at least ${MIN_LEAD_DAYS} days' notice; orders for less than ${RUSH_THRESHOLD_DAYS} days ahead include a ${formatCents(RUSH_FEE_CENTS)} rush fee.`;
}

function orderSummaryText(order: MailOrder): string[] {
  const width = Math.max(...totalsRows(order).map(([label]) => label.length), 8);
  return [
    ...order.lines.map(
      (line) => `${line.quantity} x ${lineLabel(line)}  ${formatCents(line.lineTotalCents)}`,
    ),
    '',
    ...totalsRows(order).map(([label, amount]) => `${label.padEnd(width)}  ${amount}`),
  ];
}

function orderSummaryHtml(order: MailOrder): string {
  const cell = 'padding:4px 8px;border-bottom:1px solid #eee';
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${line.quantity} × ${escapeHtml(lineLabel(line))}</td><td style="${cell};text-align:right">${formatCents(line.lineTotalCents)}</td></tr>`,
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

export function orderReceivedMail(order: MailOrder, context: MailContext): MailContent {
  const subject = `We received your order #${order.orderNumber}`;
  const intro = `Thank you for ordering from ${BAKERY_INFO.name}! Here is your order #${order.orderNumber}.`;
  const notice = paymentNotice(order, context);
  const myOrders = `${context.publicUrl}/my-orders`;
  const text = [
    greeting(order.customerName),
    '',
    intro,
    '',
    ...orderSummaryText(order),
    '',
    ...fulfilmentLines(order),
    ...(order.cakeWriting ? [`Writing on the cake: ${order.cakeWriting}`] : []),
    ...(order.specialInstructions ? [`Special instructions: ${order.specialInstructions}`] : []),
    '',
    notice,
    ...(order.paymentUrl ? [`Pay with Square: ${order.paymentUrl}`] : []),
    leadTimeNotice(),
    '',
    `Follow your order: ${myOrders}`,
    signatureText(),
  ].join('\n');
  const html = page(
    subject,
    [
      paragraph(greeting(order.customerName)),
      paragraph(intro),
      orderSummaryHtml(order),
      `<p>${fulfilmentLines(order).map(escapeHtml).join('<br>')}</p>`,
      order.cakeWriting ? paragraph(`Writing on the cake: ${order.cakeWriting}`) : '',
      order.specialInstructions
        ? paragraph(`Special instructions: ${order.specialInstructions}`)
        : '',
      paragraph(notice),
      order.paymentUrl ? button(order.paymentUrl, 'Pay with Square') : '',
      paragraph(leadTimeNotice()),
      `<p><a href="${escapeHtml(myOrders)}">Follow your order</a></p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

export function paymentLinkReadyMail(
  order: MailOrder & { paymentUrl: string },
  context: MailContext,
): MailContent {
  const subject = `Your payment link for order #${order.orderNumber}`;
  const intro = `Your order #${order.orderNumber} is ready for payment. The total is ${formatCents(order.totalCents)}${order.deliveryFeeCents > 0 ? `, including a delivery fee of ${formatCents(order.deliveryFeeCents)}` : ''}.`;
  const notice = paymentNotice(order, context);
  const text = [
    greeting(order.customerName),
    '',
    intro,
    notice,
    '',
    `Pay with Square: ${order.paymentUrl}`,
    '',
    ...orderSummaryText(order),
    signatureText(),
  ].join('\n');
  const html = page(
    subject,
    [
      paragraph(greeting(order.customerName)),
      paragraph(intro),
      paragraph(notice),
      button(order.paymentUrl, 'Pay with Square'),
      orderSummaryHtml(order),
    ].join('\n'),
  );
  return { subject, text, html };
}

export function paymentReceivedMail(order: MailOrder, context: MailContext): MailContent {
  const subject = `Payment received for order #${order.orderNumber}`;
  const intro = `We received your payment of ${formatCents(order.totalCents)} for order #${order.orderNumber}. Thank you!`;
  const next = fulfilmentLines(order)[0]!;
  const myOrders = `${context.publicUrl}/my-orders`;
  const text = [
    greeting(order.customerName),
    '',
    intro,
    next,
    '',
    `Follow your order: ${myOrders}`,
    signatureText(),
  ].join('\n');
  const html = page(
    subject,
    [
      paragraph(greeting(order.customerName)),
      paragraph(intro),
      paragraph(next),
      `<p><a href="${escapeHtml(myOrders)}">Follow your order</a></p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

export function orderReadyMail(order: MailOrder, _context: MailContext): MailContent {
  const delivery = order.deliveryMethod === 'delivery';
  const subject = delivery
    ? `Your order #${order.orderNumber} is ready for delivery`
    : `Your order #${order.orderNumber} is ready for pickup`;
  const intro = delivery
    ? `Your order #${order.orderNumber} is baked and ready; it will be delivered as arranged.`
    : `Your order #${order.orderNumber} is baked and ready for pickup.`;
  const lines = fulfilmentLines(order);
  const unpaid =
    order.paymentStatus === 'pending' && order.paymentUrl
      ? `Payment is still open: ${order.paymentUrl}`
      : null;
  const questions = `Questions? Call us at ${BAKERY_INFO.phone}.`;
  const text = [
    greeting(order.customerName),
    '',
    intro,
    ...lines,
    ...(unpaid ? ['', unpaid] : []),
    '',
    questions,
    signatureText(),
  ].join('\n');
  const html = page(
    subject,
    [
      paragraph(greeting(order.customerName)),
      paragraph(intro),
      `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
      unpaid && order.paymentUrl ? button(order.paymentUrl, 'Pay with Square') : '',
      paragraph(questions),
    ].join('\n'),
  );
  return { subject, text, html };
}

/** Staff cancelled the order (issue 12). */
export function orderCancelledMail(order: MailOrder, _context: MailContext): MailContent {
  const subject = `Your order #${order.orderNumber} has been cancelled`;
  const intro = `Your order #${order.orderNumber} for ${whenText(order)} has been cancelled.`;
  const money = 'If you have already paid, your payment will be refunded to your card.';
  const questions = `Questions? Call us at ${BAKERY_INFO.phone}.`;
  const text = [
    greeting(order.customerName),
    '',
    intro,
    money,
    '',
    questions,
    signatureText(),
  ].join('\n');
  const html = page(
    subject,
    [
      paragraph(greeting(order.customerName)),
      paragraph(intro),
      paragraph(money),
      paragraph(questions),
    ].join('\n'),
  );
  return { subject, text, html };
}
