// Text messages (issue 23): where Twilio is set up (TWILIO_ACCOUNT_SID,
// TWILIO_AUTH_TOKEN, TWILIO_FROM), Mark Ready also texts the customer the
// pickup code, through Twilio's own SDK. TWILIO_API_URL points the SDK at
// another host (tests: a local fake of the Messages endpoint); the SDK builds
// the request, a small RequestClient only swaps the host. A text that fails is
// logged and never undoes or fails the staff action (the mail went out).
import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import { BAKERY_INFO, orderNumber } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import type { Logger, Notifications, StandingReminder } from './contracts.js';
import { standingSkipUrl } from './standing/skipUrl.js';
export type { SmsSettings } from '../settings.js';
import type { SmsSettings } from '../settings.js';

export interface SmsSender {
  readonly configured: boolean;
  send(to: string, body: string): Promise<void>;
}

/** A US phone as typed on the order form, in E.164 (+1 and ten digits); null when it is not one. */
export function toE164(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/** Twilio's RequestClient, sending every request to `apiUrl`'s host instead. */
class HostRequestClient extends RequestClient {
  constructor(private readonly apiUrl: URL) {
    super();
  }
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    uri.protocol = this.apiUrl.protocol;
    uri.host = this.apiUrl.host;
    return super.request({ ...opts, uri: uri.toString() });
  }
}

export function createSmsSender(settings: SmsSettings | null, log: Logger): SmsSender {
  if (!settings) return { configured: false, send: async () => {} };
  const client = twilio(settings.accountSid, settings.authToken, {
    autoRetry: false,
    ...(settings.apiUrl ? { httpClient: new HostRequestClient(new URL(settings.apiUrl)) } : {}),
  });
  const sender = settings.from.startsWith('MG')
    ? { messagingServiceSid: settings.from }
    : { from: settings.from };
  return {
    configured: true,
    async send(to, body) {
      await client.messages.create({ to, body, ...sender });
      log.info('text sent', { to: `…${to.slice(-4)}` });
    },
  };
}

/** The ready text: short, with the code and where to come. */
export function readyText(order: {
  id: string;
  pickupCode: string | null;
  deliveryMethod: string;
  pickupTime: string | null;
}): string {
  const number = orderNumber(order.id);
  if (order.deliveryMethod === 'delivery')
    return `${BAKERY_INFO.name}: your order #${number} is out for delivery.`;
  return (
    `${BAKERY_INFO.name}: your order #${number} is ready for pickup` +
    (order.pickupCode ? `. Pickup code ${order.pickupCode}` : '') +
    `. ${BAKERY_INFO.street}, ${BAKERY_INFO.city}.`
  );
}

/** The standing order's reminder as a text (issue 41): the date, what, the lock and the skip link. */
export function standingReminderText(reminder: StandingReminder, skipUrl: string): string {
  return (
    `${BAKERY_INFO.name}: your standing order for ${reminder.date} (${reminder.items}) ` +
    `can be changed until ${reminder.lockAt}. Skip it: ${skipUrl}`
  );
}

/**
 * The notifications, with a text beside the ready (and out-for-delivery) mail
 * and the standing order's reminder, where SMS is set up (now or later:
 * Settings, issue 38) and the order has a US phone number.
 */
export function withTexts<T extends Notifications>(
  notifications: T,
  sms: SmsSender,
  prisma: PrismaClient,
  log: Logger,
  /** The shop's address, for the reminder's skip link. */
  publicUrl = '',
): T {
  const text = async (orderId: string) => {
    if (!sms.configured) return;
    try {
      const order = await prisma.order.findUnique({ where: { id: orderId } });
      const to = toE164(order?.customerPhone);
      if (order && to) await sms.send(to, readyText(order));
    } catch (error) {
      log.warn('text not sent', { orderId, error: String(error) });
    }
  };
  const outForDelivery = notifications.outForDelivery?.bind(notifications);
  const standingReminder = notifications.standingReminder?.bind(notifications);
  return {
    ...notifications,
    // Live: mail connected in Settings changes it (a spread would copy the value once).
    get mailConfigured() {
      return notifications.mailConfigured;
    },
    async orderReady(orderId: string) {
      await notifications.orderReady(orderId);
      await text(orderId);
    },
    ...(outForDelivery
      ? {
          async outForDelivery(orderId: string) {
            await outForDelivery(orderId);
            await text(orderId);
          },
        }
      : {}),
    async standingReminder(to: string, reminder: StandingReminder, skipToken: string) {
      await standingReminder?.(to, reminder, skipToken);
      const phone = toE164(reminder.phone);
      if (!sms.configured || !phone) return;
      try {
        await sms.send(
          phone,
          standingReminderText(reminder, standingSkipUrl(publicUrl, skipToken)),
        );
      } catch (error) {
        log.warn('standing reminder text not sent', { error: String(error) });
      }
    },
  };
}
