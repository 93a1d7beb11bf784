// The bake sheet as an Excel workbook: sheets Bake sheet, Cakes, Instructions
// and Shopping list, built from the same view the screen shows, written with
// the streaming XlsxWriter (services/xlsx.ts: fast, and every text cell made
// safe from formula injection).
import { PassThrough, type Writable } from 'node:stream';
import type { BakeSheetView } from '@bakery/core';
import { daySerial, XlsxWriter, type Row } from '../xlsx.js';

/** The workbook, streamed into `out` (which it ends). */
export async function writeBakeSheetWorkbook(view: BakeSheetView, out: Writable): Promise<void> {
  const workbook = new XlsxWriter(out);
  const landscape = { landscape: true };
  await workbook.addSheet(
    'Bake sheet',
    [
      { header: 'Category', width: 16 },
      { header: 'Item', width: 32 },
      { header: 'Option', width: 12 },
      { header: 'Quantity', width: 9 },
      { header: 'Pieces', width: 8 },
      { header: 'Add-ins', width: 24 },
      { header: 'Recipe', width: 30 },
      { header: 'Batches', width: 9, format: 'batches' },
    ],
    view.products.map((row) => [
      row.categoryLabel,
      row.name,
      row.variantLabel ?? '',
      row.quantity,
      row.units,
      Object.entries(row.addIns)
        .map(([label, n]) => `${n} x ${label}`)
        .join(', '),
      row.recipeName ?? 'No recipe linked',
      row.batches,
    ]),
    landscape,
  );
  await workbook.addSheet(
    'Cakes',
    [
      { header: 'Pickup date', width: 12, format: 'date' },
      { header: 'Pickup time', width: 11 },
      { header: 'Order number', width: 13 },
      { header: 'Customer', width: 22 },
      { header: 'Cake', width: 28 },
      { header: 'Size', width: 9 },
      { header: 'Filling', width: 30 },
      { header: 'Quantity', width: 9 },
      { header: 'Writing', width: 8 },
      { header: 'Bows', width: 7 },
      { header: 'Special instructions', width: 40 },
    ],
    view.cakes.map((cake) => [
      daySerial(cake.pickupDate),
      cake.pickupTime ?? '',
      cake.orderNumber,
      cake.customerName,
      cake.name,
      cake.size ?? '',
      cake.filling ?? '',
      cake.quantity,
      cake.writing ? 'Yes' : 'No',
      cake.bows ? 'Yes' : 'No',
      cake.specialInstructions ?? '',
    ]),
    landscape,
  );
  await workbook.addSheet(
    'Instructions',
    [
      { header: 'Pickup date', width: 12, format: 'date' },
      { header: 'Pickup time', width: 11 },
      { header: 'Order number', width: 13 },
      { header: 'Customer', width: 22 },
      { header: 'Special instructions', width: 60 },
    ],
    view.instructions.map((note) => [
      daySerial(note.pickupDate),
      note.pickupTime ?? '',
      note.orderNumber,
      note.customerName,
      note.text,
    ]),
    landscape,
  );
  const list: Row[] = view.shoppingList.map((row) => [
    row.name,
    row.quantity,
    row.unit,
    row.costPerUnit,
    row.cost,
  ]);
  list.push({ cells: ['Total', null, null, null, view.shoppingListCost], font: 'bold' });
  if (view.unlinked.length) {
    list.push([]);
    list.push({ cells: ['Not included (no recipe linked):'], font: 'italic' });
    for (const row of view.unlinked)
      list.push([
        `${row.quantity} x ${row.name}${row.variantLabel ? ` (${row.variantLabel})` : ''}`,
      ]);
  }
  await workbook.addSheet(
    'Shopping list',
    [
      { header: 'Ingredient', width: 34 },
      { header: 'Quantity', width: 11, format: 'decimal4' },
      { header: 'Unit', width: 8 },
      { header: 'Cost per unit', width: 13, format: 'currency4' },
      { header: 'Cost', width: 11, format: 'currency' },
    ],
    list,
    landscape,
  );
  await workbook.finish();
}

/** The whole workbook in memory (a range's bake sheet is a few hundred kilobytes). */
export async function bakeSheetWorkbook(view: BakeSheetView): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeBakeSheetWorkbook(view, out);
  return Buffer.concat(chunks);
}
