// The bake sheet as an Excel workbook: sheets Bake sheet, Cakes, Instructions
// and Shopping list, built from the same view the screen shows. A range's
// sheet is small (one row per item, cake and note), so it is built in memory.
import ExcelJS from 'exceljs';
import type { BakeSheetView } from '@bakery/core';
import { CURRENCY, calendarDateCell } from '../exports.js';

type Column = { header: string; key: string; width: number; numFmt?: string };

function addTable(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: Column[],
  rows: Record<string, unknown>[],
) {
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0, activeCell: 'A2' }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = columns.map(({ header, key, width, numFmt }) => ({
    header,
    key,
    width,
    style: numFmt ? { numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3E8DA' } };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  for (const row of rows) sheet.addRow(row);
  return sheet;
}

export async function bakeSheetWorkbook(view: BakeSheetView): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Bakery back office';
  workbook.created = new Date();

  addTable(
    workbook,
    'Bake sheet',
    [
      { header: 'Category', key: 'category', width: 16 },
      { header: 'Item', key: 'name', width: 32 },
      { header: 'Option', key: 'variant', width: 12 },
      { header: 'Quantity', key: 'quantity', width: 9 },
      { header: 'Pieces', key: 'units', width: 8 },
      { header: 'Add-ins', key: 'addIns', width: 24 },
      { header: 'Recipe', key: 'recipe', width: 30 },
      { header: 'Batches', key: 'batches', width: 9, numFmt: '0.00##' },
    ],
    view.products.map((row) => ({
      category: row.categoryLabel,
      name: row.name,
      variant: row.variantLabel ?? '',
      quantity: row.quantity,
      units: row.units,
      addIns: Object.entries(row.addIns)
        .map(([label, n]) => `${n} x ${label}`)
        .join(', '),
      recipe: row.recipeName ?? 'No recipe linked',
      batches: row.batches,
    })),
  );

  addTable(
    workbook,
    'Cakes',
    [
      { header: 'Pickup date', key: 'pickupDate', width: 12, numFmt: 'yyyy-mm-dd' },
      { header: 'Pickup time', key: 'pickupTime', width: 11 },
      { header: 'Order number', key: 'orderNumber', width: 13 },
      { header: 'Customer', key: 'customer', width: 22 },
      { header: 'Cake', key: 'name', width: 28 },
      { header: 'Size', key: 'size', width: 9 },
      { header: 'Filling', key: 'filling', width: 30 },
      { header: 'Quantity', key: 'quantity', width: 9 },
      { header: 'Writing', key: 'writing', width: 8 },
      { header: 'Bows', key: 'bows', width: 7 },
      { header: 'Special instructions', key: 'notes', width: 40 },
    ],
    view.cakes.map((cake) => ({
      pickupDate: calendarDateCell(cake.pickupDate),
      pickupTime: cake.pickupTime ?? '',
      orderNumber: cake.orderNumber,
      customer: cake.customerName,
      name: cake.name,
      size: cake.size ?? '',
      filling: cake.filling ?? '',
      quantity: cake.quantity,
      writing: cake.writing ? 'Yes' : 'No',
      bows: cake.bows ? 'Yes' : 'No',
      notes: cake.specialInstructions ?? '',
    })),
  );

  addTable(
    workbook,
    'Instructions',
    [
      { header: 'Pickup date', key: 'pickupDate', width: 12, numFmt: 'yyyy-mm-dd' },
      { header: 'Pickup time', key: 'pickupTime', width: 11 },
      { header: 'Order number', key: 'orderNumber', width: 13 },
      { header: 'Customer', key: 'customer', width: 22 },
      { header: 'Special instructions', key: 'text', width: 60 },
    ],
    view.instructions.map((note) => ({
      pickupDate: calendarDateCell(note.pickupDate),
      pickupTime: note.pickupTime ?? '',
      orderNumber: note.orderNumber,
      customer: note.customerName,
      text: note.text,
    })),
  );

  const list = addTable(
    workbook,
    'Shopping list',
    [
      { header: 'Ingredient', key: 'name', width: 34 },
      { header: 'Quantity', key: 'quantity', width: 11, numFmt: '0.0000' },
      { header: 'Unit', key: 'unit', width: 8 },
      { header: 'Cost per unit', key: 'costPerUnit', width: 13, numFmt: '"$"#,##0.0000' },
      { header: 'Cost', key: 'cost', width: 11, numFmt: CURRENCY },
    ],
    view.shoppingList.map((row) => ({ ...row })),
  );
  const totalRow = list.addRow({ name: 'Total', cost: view.shoppingListCost });
  totalRow.font = { bold: true };
  if (view.unlinked.length) {
    list.addRow({});
    list.addRow({ name: 'Not included (no recipe linked):' }).font = { italic: true };
    for (const row of view.unlinked)
      list.addRow({
        name: `${row.quantity} x ${row.name}${row.variantLabel ? ` (${row.variantLabel})` : ''}`,
      });
  }

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
