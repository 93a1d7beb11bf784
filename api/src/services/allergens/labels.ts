// Product labels as a PDF made here with pdfkit (issue 26, docs/kitchen.md):
// the product's name, its net weight (the owner's, when set), the ingredient
// list, the Contains and May contain lines, the owner's exception wording,
// the bakery's name and address and, when the owner turns it on, Florida's
// cottage-food statement.
//
// - `avery5163`: US Letter sheets of Avery 5163 / 8163 labels, 4" x 2", two
//   columns and five rows: top and bottom margins 1/2", side margins 5/32",
//   3/16" between the columns, none between the rows.
// - `thermal`: one 2.25" x 1.25" page per label (direct thermal rolls).
//
// A day's labels: one per ordered item (3 boxes of cookies: 3 labels), for
// the orders due that day that are not cancelled, in pickup-slot order.
// Text is never cut: the largest size that fits is used (down to 4.5 pt,
// FDA's 1/16 inch); what still does not fit continues on the next label,
// which says "(continued)".
import PDFDocument from 'pdfkit';
import {
  ADD_INS,
  bakeryAddressLine,
  BAKERY_INFO,
  CAKE_FILLINGS,
  COTTAGE_FOOD_STATEMENT,
  getMenuItem,
  takesCakeOptions,
  ingredientLine,
  isDateString,
  pickupTimeText,
  type PickupWindowDef,
  lineStatement,
  netWeightLine,
  orderNumber,
  PICKUP_SLOTS,
  type AllergenStatement,
  type ItemAllergens,
  type LabelFormat,
} from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { BOOKED } from '../kitchen/capacity.js';
import { storedItems } from '../kitchen/bakeSheet.js';
import { loadWindows } from '../kitchen/windows.js';
import { labelSettings } from './admin.js';
import { currentAllergens } from './statements.js';

const INCH = 72;

export interface SheetLayout {
  /** The PDF page, in points. */
  pageWidth: number;
  pageHeight: number;
  labelWidth: number;
  labelHeight: number;
  columns: number;
  rows: number;
  left: number;
  top: number;
  columnGap: number;
  rowGap: number;
  /** Inside each label. */
  padding: number;
  maxFont: number;
}

export const LAYOUTS: Readonly<Record<LabelFormat, SheetLayout>> = {
  avery5163: {
    pageWidth: 8.5 * INCH,
    pageHeight: 11 * INCH,
    labelWidth: 4 * INCH,
    labelHeight: 2 * INCH,
    columns: 2,
    rows: 5,
    left: (5 / 32) * INCH,
    top: 0.5 * INCH,
    columnGap: (3 / 16) * INCH,
    rowGap: 0,
    padding: 0.12 * INCH,
    maxFont: 10,
  },
  thermal: {
    pageWidth: 2.25 * INCH,
    pageHeight: 1.25 * INCH,
    labelWidth: 2.25 * INCH,
    labelHeight: 1.25 * INCH,
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
    columnGap: 0,
    rowGap: 0,
    padding: 0.06 * INCH,
    maxFont: 8,
  },
};

/** 1/16 inch, FDA's least type height for the information panel. */
export const MIN_FONT = 4.5;
/** The most labels one request prints. */
export const MAX_LABELS = 1000;

/** One block of a label: a run of text, bold or not, at a size relative to the body. */
export interface LabelBlock {
  text: string;
  bold?: boolean;
  /** Multiplies the body size (the name is larger, the address smaller). */
  scale?: number;
}

export interface LabelContent {
  title: string;
  blocks: LabelBlock[];
}

/** The blocks of one label, in the order they print. */
export function labelContent(input: {
  title: string;
  statement: AllergenStatement | null;
  note: string | null;
  netWeightGrams: number | null;
  cottageFood: boolean;
  reference?: string | null;
  /** An order's label (issue 38): who it is for, when, and what the decorator needs. */
  order?: OrderLabel | null;
}): LabelContent {
  const s = input.statement;
  const blocks: LabelBlock[] = [{ text: input.title, bold: true, scale: 1.25 }];
  const order = input.order;
  // Bagged by name: the customer's name first, with the order number and the pickup.
  if (order) {
    blocks.push({ text: `${order.customerName} · Order #${order.number}`, bold: true });
    blocks.push({ text: order.when, scale: 0.9 });
    if (order.writing) blocks.push({ text: `Writing: “${order.writing}”`, bold: true });
    if (order.instructions) blocks.push({ text: `Instructions: ${order.instructions}` });
  }
  const net = netWeightLine(input.netWeightGrams);
  if (net || input.reference)
    blocks.push({ text: [net, input.reference].filter(Boolean).join('   ·   '), scale: 0.9 });
  if (s?.known) {
    const list = ingredientLine(s);
    if (list) blocks.push({ text: `${list}.` });
    if (s.contains) blocks.push({ text: `${s.contains}.`, bold: true });
    if (s.mayContainLine) blocks.push({ text: `${s.mayContainLine}.` });
  } else {
    blocks.push({ text: 'Ingredients and allergens: ask us before eating.', bold: true });
  }
  if (input.note) blocks.push({ text: input.note, bold: true });
  if (input.cottageFood)
    blocks.push({ text: `${COTTAGE_FOOD_STATEMENT}.`, bold: true, scale: 0.9 });
  blocks.push({ text: `${BAKERY_INFO.name}, ${bakeryAddressLine()}`, scale: 0.85 });
  return { title: input.title, blocks };
}

/** What a day's label says of its order (issue 38). */
export interface OrderLabel {
  customerName: string;
  number: string;
  /** "Pickup Tue, Dec 1, 10:00 AM – 11:00 AM" (the window when the day has windows). */
  when: string;
  /** Cake lines: the writing and the special instructions. */
  writing?: string | null;
  instructions?: string | null;
}

type Doc = InstanceType<typeof PDFDocument>;

const fontOf = (block: LabelBlock) => (block.bold ? 'Helvetica-Bold' : 'Helvetica');
const GAP = 0.25; // between blocks, in lines of the body size

function heightOf(doc: Doc, blocks: readonly LabelBlock[], size: number, width: number): number {
  let height = 0;
  blocks.forEach((block, index) => {
    doc.font(fontOf(block)).fontSize(size * (block.scale ?? 1));
    height += doc.heightOfString(block.text, { width, lineGap: 0 });
    if (index < blocks.length - 1) height += size * GAP;
  });
  return height;
}

/**
 * Splits a label's blocks into the labels they need at `size`: each label
 * holds what fits; a block that does not fit is cut between words and
 * continues on the next label under "<title> (continued)".
 */
function paginate(
  doc: Doc,
  content: LabelContent,
  size: number,
  width: number,
  height: number,
): LabelBlock[][] {
  const labels: LabelBlock[][] = [];
  let current: LabelBlock[] = [];
  const queue = [...content.blocks];
  const fits = (blocks: LabelBlock[]) => heightOf(doc, blocks, size, width) <= height;
  while (queue.length) {
    const block = queue.shift()!;
    if (fits([...current, block])) {
      current.push(block);
      continue;
    }
    const words = block.text.split(' ');
    let taken = 0;
    while (
      taken < words.length &&
      fits([...current, { ...block, text: words.slice(0, taken + 1).join(' ') }])
    )
      taken++;
    if (taken > 0) current.push({ ...block, text: words.slice(0, taken).join(' ') });
    if (current.length === 0) {
      // Not one word fits on an empty label: print it anyway (never dropped).
      current.push(block);
      labels.push(current);
      current = [];
      continue;
    }
    labels.push(current);
    current = [{ text: `${content.title} (continued)`, bold: true }];
    queue.unshift({ ...block, text: words.slice(taken).join(' ') });
  }
  if (current.length) labels.push(current);
  return labels;
}

/** The largest body size (in 0.25 pt steps) at which the blocks fit one label, or null. */
function fittingSize(doc: Doc, blocks: LabelBlock[], max: number, width: number, height: number) {
  for (let size = max; size >= MIN_FONT; size -= 0.25)
    if (heightOf(doc, blocks, size, width) <= height) return size;
  return null;
}

/** The PDF of the labels, one label per content (more when one continues). */
export async function renderLabels(
  contents: readonly LabelContent[],
  format: LabelFormat,
): Promise<Buffer> {
  const layout = LAYOUTS[format];
  const doc = new PDFDocument({
    size: [layout.pageWidth, layout.pageHeight],
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: `${BAKERY_INFO.name} labels`,
      Author: BAKERY_INFO.name,
      Creator: BAKERY_INFO.name,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const width = layout.labelWidth - 2 * layout.padding;
  const height = layout.labelHeight - 2 * layout.padding;
  const perPage = layout.columns * layout.rows;
  const pieces: { blocks: LabelBlock[]; size: number }[] = [];
  for (const content of contents) {
    const size = fittingSize(doc, content.blocks, layout.maxFont, width, height);
    if (size !== null) pieces.push({ blocks: content.blocks, size });
    else
      for (const blocks of paginate(doc, content, MIN_FONT, width, height))
        pieces.push({ blocks, size: MIN_FONT });
  }
  if (pieces.length === 0) doc.addPage();
  pieces.forEach((piece, index) => {
    const slot = index % perPage;
    if (slot === 0) doc.addPage();
    const column = slot % layout.columns;
    const row = Math.floor(slot / layout.columns);
    const x = layout.left + column * (layout.labelWidth + layout.columnGap) + layout.padding;
    let y = layout.top + row * (layout.labelHeight + layout.rowGap) + layout.padding;
    piece.blocks.forEach((block) => {
      doc.font(fontOf(block)).fontSize(piece.size * (block.scale ?? 1));
      doc.text(block.text, x, y, { width, lineGap: 0 });
      y += doc.heightOfString(block.text, { width, lineGap: 0 }) + piece.size * GAP;
    });
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

const optionLabel = (list: readonly { id: string; label: string }[], id: string | null) =>
  id ? (list.find((o) => o.id === id)?.label ?? id) : null;

/** "Banana Bread (with pecans)", "Lemon Cake, 8 inch (Fruit preserves filling)". */
export function productTitle(line: {
  productId: string;
  name?: string | null;
  variant?: string | null;
  filling?: string | null;
  addIn?: string | null;
}): string {
  const item = getMenuItem(line.productId);
  const name = line.name || item?.name || line.productId;
  const variant = item?.variants?.find((v) => v.id === line.variant)?.label;
  const options = [
    optionLabel(CAKE_FILLINGS, line.filling ?? null) &&
      `${optionLabel(CAKE_FILLINGS, line.filling ?? null)} filling`,
    optionLabel(ADD_INS, line.addIn ?? null) &&
      `with ${optionLabel(ADD_INS, line.addIn ?? null)!.toLowerCase()}`,
  ].filter(Boolean);
  return `${name}${variant ? `, ${variant}` : ''}${options.length ? ` (${options.join(', ')})` : ''}`;
}

async function netWeights(db: PrismaClient) {
  const rows = await db.productNetWeight.findMany();
  return (productId: string, variantId: string | null) =>
    Number(
      rows.find((r) => r.productId === productId && r.variantId === (variantId ?? ''))?.grams ??
        rows.find((r) => r.productId === productId && r.variantId === '')?.grams ??
        0,
    ) || null;
}

type Line = {
  productId: string;
  variant?: string | null;
  filling?: string | null;
  addIn?: string | null;
  name?: string | null;
};

async function contentFor(db: PrismaClient) {
  const [allergens, weightOf, settings] = await Promise.all([
    currentAllergens(db),
    netWeights(db),
    labelSettings(db),
  ]);
  return (line: Line, reference: string | null, order: OrderLabel | null = null): LabelContent => {
    const a: ItemAllergens | undefined = allergens.byProduct.get(line.productId);
    return labelContent({
      title: productTitle(line),
      statement: lineStatement(a, {
        variantId: line.variant,
        filling: line.filling,
        addIn: line.addIn,
      }),
      note: a?.exception ?? null,
      netWeightGrams: weightOf(line.productId, line.variant ?? null),
      cottageFood: settings.cottageFoodStatement,
      reference,
      order,
    });
  };
}

/** "Pickup Tue, Dec 1, 10:00 AM – 11:00 AM": the day, and the window the time falls in (else the time; core's pickupTimeText). */
function whenOf(
  defs: readonly PickupWindowDef[],
  order: { pickupDate: string | null; pickupTime: string | null; deliveryMethod: string },
): string {
  const fulfillment = order.deliveryMethod === 'delivery' ? 'delivery' : 'pickup';
  const date = order.pickupDate ?? '';
  const day = isDateString(date)
    ? new Intl.DateTimeFormat('en-US', {
        timeZone: 'UTC',
        weekday: 'short',
        month: 'short',
        day: 'numeric',
      }).format(new Date(`${date}T12:00:00Z`))
    : 'No date';
  const time = pickupTimeText(order, defs) ?? '';
  return `${fulfillment === 'delivery' ? 'Delivery' : 'Pickup'} ${day}${time ? `, ${time}` : ''}`;
}

const slotIndex = (time: string | null) => {
  const index = time ? PICKUP_SLOTS.indexOf(time) : -1;
  return index < 0 ? PICKUP_SLOTS.length : index;
};

/** A day's labels: one per ordered item of the orders due that day, not cancelled. */
export async function dayLabels(db: PrismaClient, date: string): Promise<LabelContent[]> {
  const [orders, defs] = await Promise.all([
    db.order.findMany({
      where: { pickupDate: date, ...BOOKED },
      select: {
        id: true,
        pickupDate: true,
        pickupTime: true,
        items: true,
        createdAt: true,
        customerName: true,
        deliveryMethod: true,
        specialInstructions: true,
        cakeWriting: true,
      },
      orderBy: { createdAt: 'asc' },
      take: MAX_LABELS,
    }),
    loadWindows(db),
  ]);
  orders.sort((a, b) => slotIndex(a.pickupTime) - slotIndex(b.pickupTime));
  const make = await contentFor(db);
  const labels: LabelContent[] = [];
  for (const order of orders) {
    const base: OrderLabel = {
      customerName: order.customerName,
      number: orderNumber(order.id),
      when: whenOf(defs, order),
    };
    for (const item of storedItems(order.items)) {
      // A cake's label carries what the decorator needs: the writing and the instructions.
      const cake = takesCakeOptions(item.productId) || Boolean(item.writing);
      const label: OrderLabel = cake
        ? {
            ...base,
            writing: item.writing ?? order.cakeWriting,
            instructions: order.specialInstructions,
          }
        : base;
      for (let i = 0; i < item.quantity && labels.length < MAX_LABELS; i++)
        labels.push(make(item, null, label));
    }
  }
  return labels;
}

/** `count` labels of one item (its variant, filling or add-in). */
export async function itemLabels(
  db: PrismaClient,
  line: {
    productId: string;
    variant?: string | null;
    filling?: string | null;
    addIn?: string | null;
  },
  count: number,
): Promise<LabelContent[]> {
  const make = await contentFor(db);
  return Array.from({ length: count }, () => make(line, null));
}
