// The owner's standing-orders workbook (issue 41, point 6): every standing
// order with its schedule and state, then the next four weeks' units of
// standing orders beside one-off orders (the panel's figures). Streamed a
// page of standing orders at a time, so its size never grows the server.
import { bakeryToday, formatLongDate, standingStatus, type StandingPanelView } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import type { Writable } from 'node:stream';
import { defineSheet, XlsxWriter } from '../xlsx.js';
import { standingPanel } from './panel.js';
import { linesOf, occurrencePrice, type StandingRow } from './record.js';

const PAGE = 500;

type ExportRow = StandingRow & {
  user: { email: string; firstName: string | null; lastName: string | null };
};

/** "2 × Sourdough Loaf": the menu's names (an item since taken off the menu keeps its id). */
function itemsText(row: StandingRow): string {
  const lines = linesOf(row);
  let names = new Map<string, string>();
  try {
    names = new Map(occurrencePrice(lines).lines.map((line) => [line.productId, line.name]));
  } catch {
    // Priced nothing: the ids stand in for the names.
  }
  return lines
    .map((line) => `${line.quantity} × ${names.get(line.productId) ?? line.productId}`)
    .join(', ');
}

const weekday = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

function stateText(row: ExportRow, today: string): string {
  const status = standingStatus(row, today);
  if (status === 'paused')
    return row.pausedUntil ? `Paused until ${formatLongDate(row.pausedUntil)}` : 'Paused';
  return status === 'ended' ? 'Ended' : 'Active';
}

function standingSheet(today: string) {
  return defineSheet<ExportRow>('Standing orders', [
    ['Customer', 24, (r) => [r.user.firstName, r.user.lastName].filter(Boolean).join(' ')],
    ['E-mail', 30, (r) => r.user.email],
    ['Items', 40, (r) => itemsText(r)],
    ['Every (weeks)', 13, (r) => r.everyWeeks],
    ['Weekday', 11, (r) => weekday(r.firstDate)],
    ['Pickup', 10, (r) => (r.deliveryMethod === 'delivery' ? 'Delivery' : r.pickupTime)],
    ['First date', 12, (r) => r.firstDate],
    ['End date', 12, (r) => r.endDate],
    ['State', 26, (r) => stateText(r, today)],
  ]);
}

type UnitRow = StandingPanelView['units'][number];
const UNITS_SHEET = defineSheet<UnitRow>('Next 4 weeks', [
  ['Date', 12, (u) => u.date],
  ['Item', 32, (u) => u.name],
  ['Standing', 10, (u) => u.standing],
  ['One-off', 10, (u) => u.oneOff],
  ['Total', 10, (u) => u.standing + u.oneOff],
]);

/** Every standing order, oldest first, a page at a time. */
async function* standingPages(prisma: PrismaClient): AsyncIterable<ExportRow[]> {
  let cursor: string | null = null;
  for (;;) {
    const page: ExportRow[] = await prisma.standingOrder.findMany({
      ...(cursor ? { where: { id: { gt: cursor } } } : {}),
      include: { user: { select: { email: true, firstName: true, lastName: true } } },
      orderBy: { id: 'asc' },
      take: PAGE,
    });
    if (page.length === 0) return;
    cursor = page[page.length - 1]!.id;
    yield page;
  }
}

export async function writeStandingWorkbook(
  prisma: PrismaClient,
  out: Writable,
  now = new Date(),
): Promise<void> {
  const workbook = new XlsxWriter(out);
  await workbook.writeSheet(standingSheet(bakeryToday(now)), standingPages(prisma));
  await workbook.writeSheet(UNITS_SHEET, (await standingPanel(prisma, now)).units);
  await workbook.finish();
}
