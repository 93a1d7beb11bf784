// The mails of issue 24: the order mail's map and "Add to calendar" links, and
// the change mail listing each change with the new total.
import { describe, expect, it } from 'vitest';
import {
  orderChangedMail,
  orderReceivedMail,
  type MailOrder,
} from '../../src/services/mail/messages.js';

const order: MailOrder = {
  id: 'a1b2c3d4-0000-4000-8000-123456abcdef',
  orderNumber: '56ABCDEF',
  customerName: 'Ada Baker',
  lines: [
    {
      name: 'Lemon Loaf',
      variantLabel: null,
      options: [],
      quantity: 2,
      unitPriceCents: 2000,
      lineTotalCents: 4000,
    } as unknown as MailOrder['lines'][number],
  ],
  subtotalCents: 4000,
  cakeOptionsFeeCents: 0,
  rushFeeCents: 1000,
  taxCents: 438,
  deliveryFeeCents: 0,
  totalCents: 5438,
  deliveryMethod: 'pickup',
  deliveryFeeStatus: 'not_applicable',
  pickupDate: '2026-12-03',
  pickupTime: '10:00 AM',
  deliveryAddress: null,
  deliveryCity: null,
  deliveryState: null,
  deliveryZip: null,
  deliveryInstructions: null,
  specialInstructions: null,
  paymentUrl: 'https://square.link/u/abc',
  paymentStatus: 'pending',
  orderStatus: 'in progress',
};
const context = { publicUrl: 'https://shop.example', paymentConfigured: true };
const ics = 'https://shop.example/api/my-orders/a1b2c3d4-0000-4000-8000-123456abcdef/calendar.ics';

describe('order mails of self-service', () => {
  it('the order-received mail links the calendar event and the map', () => {
    const mail = orderReceivedMail(order, context);
    expect(mail.text).toContain(`Add to calendar: ${ics}`);
    expect(mail.text).toContain('Map and directions: https://www.google.com/maps/search/');
    expect(mail.html).toContain(`href="${ics}"`);
    // …and carries the event itself as an attachment.
    expect(mail.calendar?.filename).toBe('order-56ABCDEF.ics');
    expect(mail.calendar?.content).toContain('DTSTART:20261203T150000Z');
  });

  it('the change mail names each change and the new total', () => {
    const mail = orderChangedMail(
      order,
      ['Pickup date: December 10, 2026 → December 3, 2026', 'Total: $43.50 → $54.38'],
      context,
    );
    expect(mail.subject).toBe('Your order #56ABCDEF was changed');
    expect(mail.text).toContain('• Pickup date: December 10, 2026 → December 3, 2026');
    expect(mail.text).toContain('• Total: $43.50 → $54.38');
    expect(mail.text).toContain('Your new total is $54.38.');
    expect(mail.text).toContain('https://square.link/u/abc');
    // The event again at its new date (same UID: the calendar moves it).
    expect(mail.calendar?.content).toContain('DTSTART:20261203T150000Z');
  });
});
