// The cash-up (issue 42): a bakery day's expected cash, read from its cash
// payment rows (payments and walk-in sales in, refunds and reversals out:
// the same rows every other figure reads), beside what staff counted; each
// count is kept with its difference and note as they were then. The day
// report is a PDF for the drawer's folder.
import PDFDocument from 'pdfkit';
import {
  BAKERY_INFO,
  cashDifferenceText,
  formatCents,
  formatLongDate,
  orderNumber,
  type CashUp,
  type CashUpView,
} from '@bakery/core';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import { centsOf, decimalOf } from '../../db/money.js';
import type { Actor } from '../orders/index.js';

/** The most rows the day report lists (a day's cash rows; more are summed, not listed). */
const REPORT_ROWS = 500;

interface CashTotals {
  cashInCents: number;
  cashInRows: number;
  cashOutCents: number;
  cashOutRows: number;
}

async function cashTotals(prisma: PrismaClient, date: string): Promise<CashTotals> {
  const [row] = await prisma.$queryRaw<
    { inCents: bigint | null; inRows: number; outCents: bigint | null; outRows: number }[]
  >(Prisma.sql`
    SELECT round(sum("amount") FILTER (WHERE "amount" > 0) * 100)::bigint AS "inCents",
           (count(*) FILTER (WHERE "amount" > 0))::int AS "inRows",
           round(-sum("amount") FILTER (WHERE "amount" < 0) * 100)::bigint AS "outCents",
           (count(*) FILTER (WHERE "amount" < 0))::int AS "outRows"
    FROM "OrderPayment"
    WHERE "method" = 'cash' AND "bakery_day"("at") = ${date}::date`);
  return {
    cashInCents: Number(row?.inCents ?? 0),
    cashInRows: row?.inRows ?? 0,
    cashOutCents: Number(row?.outCents ?? 0),
    cashOutRows: row?.outRows ?? 0,
  };
}

export async function cashUpOf(prisma: PrismaClient, date: string): Promise<CashUpView> {
  const [totals, counts] = await Promise.all([
    cashTotals(prisma, date),
    prisma.cashUp.findMany({
      where: { day: new Date(`${date}T00:00:00Z`) },
      orderBy: { at: 'desc' },
      take: 20,
    }),
  ]);
  return {
    date,
    ...totals,
    expectedCents: totals.cashInCents - totals.cashOutCents,
    counts: counts.map((count) => ({
      id: count.id,
      countedCents: centsOf(count.counted),
      expectedCents: centsOf(count.expected),
      differenceCents: centsOf(count.difference),
      note: count.note,
      actorEmail: count.actorEmail,
      at: count.at.toISOString(),
    })),
  };
}

/** Records a count of the drawer against the expected cash as it is now. */
export async function recordCashUp(
  prisma: PrismaClient,
  input: CashUp,
  actor: Actor,
): Promise<CashUpView> {
  const totals = await cashTotals(prisma, input.date);
  const expectedCents = totals.cashInCents - totals.cashOutCents;
  await prisma.cashUp.create({
    data: {
      day: new Date(`${input.date}T00:00:00Z`),
      expected: decimalOf(expectedCents),
      counted: decimalOf(input.countedCents),
      difference: decimalOf(input.countedCents - expectedCents),
      note: input.note,
      actorId: actor.id,
      actorEmail: actor.email,
    },
  });
  return cashUpOf(prisma, input.date);
}

/** The day report: the figures, the counts, and the day's cash rows. */
export async function cashUpReport(prisma: PrismaClient, date: string): Promise<Buffer> {
  const view = await cashUpOf(prisma, date);
  const rows = await prisma.$queryRaw<
    { at: Date; orderId: string; kind: string; amount: Prisma.Decimal; actorEmail: string | null }[]
  >(Prisma.sql`
    SELECT p."at", p."orderId", p."kind", p."amount", p."actorEmail"
    FROM "OrderPayment" p
    WHERE p."method" = 'cash' AND "bakery_day"(p."at") = ${date}::date
    ORDER BY p."at", p."id" LIMIT ${REPORT_ROWS}`);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: `Cash-up ${date}`, Author: BAKERY_INFO.name, Creator: BAKERY_INFO.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(`${BAKERY_INFO.name}: cash-up`);
  doc.font('Helvetica').fontSize(12).text(formatLongDate(date)).moveDown();
  doc.text(`Cash in: ${formatCents(view.cashInCents)} (${view.cashInRows} payments)`);
  doc.text(`Cash out: ${formatCents(view.cashOutCents)} (${view.cashOutRows} refunds or voids)`);
  doc.font('Helvetica-Bold').text(`Expected in the drawer: ${formatCents(view.expectedCents)}`);
  doc.font('Helvetica').moveDown();
  if (view.counts.length === 0) doc.text('Not counted yet.');
  for (const count of view.counts)
    doc.text(
      `Counted ${formatCents(count.countedCents)} against ${formatCents(count.expectedCents)}: ${cashDifferenceText(count.differenceCents)}${count.note ? ` (${count.note})` : ''}, by ${count.actorEmail ?? 'unknown'} at ${count.at.slice(11, 16)} UTC`,
    );
  doc.moveDown().font('Helvetica-Bold').text('Cash rows');
  doc.font('Helvetica').fontSize(10);
  for (const row of rows)
    doc.text(
      `${row.at.toISOString().slice(11, 16)}  #${orderNumber(row.orderId)}  ${row.kind.padEnd(9)}  ${formatCents(centsOf(row.amount))}  ${row.actorEmail ?? ''}`,
    );
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
