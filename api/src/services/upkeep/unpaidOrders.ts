// The unpaid-order job (issue 27; rules in core/src/upkeep/unpaidOrders.ts):
// pending orders whose payment link went out are warned, then released
// (cancelled through services/orders' releaseUnpaidOrder, which frees their
// kitchen units through the counters' triggers), each customer mailed. And the
// cap on one account's unpaid orders is checked by the order's INSERT
// (services/kitchen/booking.ts).
import type { PrismaClient } from '@bakery/prisma';
import {
  DEFAULT_UNPAID_ORDER_SETTINGS,
  releaseTime,
  UNPAID_ORDER_MESSAGES,
  unpaidOrderStep,
  type UnpaidOrderSettings,
} from '@bakery/core';
import type { Logger, Notifications } from '../contracts.js';
import { releaseUnpaidOrder } from '../orders/index.js';
import { settingsRow, storedOrDefault } from '../../db/settingsRow.js';

const HOUR_MS = 3_600_000;
/** Orders handled per run at most; the next run takes the rest. */
const BATCH = 200;

export async function unpaidOrderSettings(
  prisma: Pick<PrismaClient, 'unpaidOrderSetting'>,
): Promise<UnpaidOrderSettings> {
  const row = await prisma.unpaidOrderSetting.findUnique({ where: { id: 1 } });
  return storedOrDefault(row, DEFAULT_UNPAID_ORDER_SETTINGS);
}

export async function saveUnpaidOrderSettings(
  prisma: PrismaClient,
  settings: UnpaidOrderSettings,
): Promise<UnpaidOrderSettings> {
  await prisma.unpaidOrderSetting.upsert(settingsRow(settings));
  return unpaidOrderSettings(prisma);
}

export interface ReleaseRun {
  warned: string[];
  released: string[];
}

/** One pass: warns the orders coming due, releases the ones past their time. */
export async function releaseUnpaidOrders(
  deps: { prisma: PrismaClient; notifications: Notifications; log: Logger },
  now = new Date(),
): Promise<ReleaseRun> {
  const { prisma, notifications, log } = deps;
  const settings = await unpaidOrderSettings(prisma);
  const warnFrom = new Date(
    now.getTime() - (settings.releaseAfterHours - settings.warnBeforeHours) * HOUR_MS,
  );
  const candidates = await prisma.order.findMany({
    where: { paymentStatus: 'pending', paymentLinkSentAt: { not: null, lte: warnFrom } },
    select: { id: true, paymentStatus: true, paymentLinkSentAt: true, releaseWarnedAt: true },
    orderBy: { paymentLinkSentAt: 'asc' },
    take: BATCH,
  });
  const run: ReleaseRun = { warned: [], released: [] };
  const reason = UNPAID_ORDER_MESSAGES.releaseReason(settings.releaseAfterHours);
  for (const order of candidates) {
    const step = unpaidOrderStep(order, settings, now);
    if (step === 'warn') {
      // Only the process whose update lands sends the warning.
      const { count } = await prisma.order.updateMany({
        where: { id: order.id, paymentStatus: 'pending', releaseWarnedAt: null },
        data: { releaseWarnedAt: now },
      });
      if (count === 0) continue;
      run.warned.push(order.id);
      const at = releaseTime({ ...order, releaseWarnedAt: now }, settings)!;
      await notifications.unpaidOrderWarning?.(order.id, at);
    } else if (step === 'release') {
      const released = await releaseUnpaidOrder(
        deps,
        order.id,
        reason,
        (current) => unpaidOrderStep(current, settings, now) === 'release',
      );
      if (!released) continue;
      run.released.push(order.id);
      await notifications.unpaidOrderReleased?.(order.id, settings.releaseAfterHours);
    }
  }
  if (run.warned.length || run.released.length)
    log.info('unpaid orders', { warned: run.warned.length, released: run.released.length });
  return run;
}
