// The bake sheet as an Excel workbook: sheets Bake sheet, Cakes, Instructions
// and Shopping list, built from the same view the screen shows, written with
// the streaming XlsxWriter (services/xlsx.ts: fast, and every text cell made
// safe from formula injection).
import type { Writable } from 'node:stream';
import { cakeWritingCell, type BakeSheetView } from '@bakery/core';
import { daySerial, defineSheet, XlsxWriter, type Row } from '../xlsx.js';

type View = BakeSheetView;
const landscape = { landscape: true };
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** The columns that say whose order a cake or a note is. */
const who = <T extends View['cakes'][number] | View['instructions'][number]>() =>
  [
    ['Pickup date', 12, (r: T) => daySerial(r.pickupDate), 'date'],
    ['Pickup time', 11, (r: T) => r.pickupTime],
    ['Order number', 13, (r: T) => r.orderNumber],
    ['Customer', 22, (r: T) => r.customerName],
  ] as const;

const PRODUCTS_SHEET = defineSheet<View['products'][number]>(
  'Bake sheet',
  [
    ['Category', 16, (r) => r.categoryLabel],
    ['Item', 32, (r) => r.name],
    ['Option', 12, (r) => r.variantLabel],
    ['Quantity', 9, (r) => r.quantity],
    ['Pieces', 8, (r) => r.pieces],
    ['Piece', 10, (r) => r.pieceName],
    [
      'Add-ins',
      24,
      (r) =>
        Object.entries(r.addIns)
          .map(([label, n]) => `${n} x ${label}`)
          .join(', '),
    ],
    ['Recipe', 30, (r) => r.recipeName ?? 'No recipe linked'],
    ['Batches', 9, (r) => r.batches, 'batches'],
  ],
  landscape,
);

const CAKES_SHEET = defineSheet<View['cakes'][number]>(
  'Cakes',
  [
    ...who<View['cakes'][number]>(),
    ['Cake', 28, (r) => r.name],
    ['Size', 9, (r) => r.size],
    ['Filling', 30, (r) => r.filling],
    ['Quantity', 9, (r) => r.quantity],
    ['Writing', 30, (r) => cakeWritingCell(r)],
    ['Bows', 7, (r) => yesNo(r.bows)],
    ['Special instructions', 40, (r) => r.specialInstructions],
  ],
  landscape,
);

const INSTRUCTIONS_SHEET = defineSheet<View['instructions'][number]>(
  'Instructions',
  [...who<View['instructions'][number]>(), ['Special instructions', 60, (r) => r.text]],
  landscape,
);

const SHOPPING_SHEET = defineSheet<View['shoppingList'][number]>(
  'Shopping list',
  [
    ['Ingredient', 34, (r) => r.name],
    ['Quantity', 11, (r) => r.quantity, 'decimal4'],
    ['Unit', 8, (r) => r.unit],
    ['Cost per unit', 13, (r) => r.costPerUnit, 'currency4'],
    ['Cost', 11, (r) => r.cost, 'currency'],
  ],
  landscape,
);

/** The workbook, streamed into `out` (which it ends). */
export async function writeBakeSheetWorkbook(view: View, out: Writable): Promise<void> {
  const workbook = new XlsxWriter(out);
  await workbook.writeSheet(PRODUCTS_SHEET, view.products);
  await workbook.writeSheet(CAKES_SHEET, view.cakes);
  await workbook.writeSheet(INSTRUCTIONS_SHEET, view.instructions);
  const notes: Row[] = [
    { cells: ['Total', null, null, null, view.shoppingListCost], font: 'bold' },
  ];
  if (view.unlinked.length) {
    notes.push([], { cells: ['Not included (no recipe linked):'], font: 'italic' });
    for (const row of view.unlinked)
      notes.push([
        `${row.quantity} x ${row.name}${row.variantLabel ? ` (${row.variantLabel})` : ''}`,
      ]);
  }
  await workbook.writeSheet(SHOPPING_SHEET, view.shoppingList, notes);
  await workbook.finish();
}
