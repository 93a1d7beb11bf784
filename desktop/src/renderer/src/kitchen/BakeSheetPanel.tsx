// The bake sheet of a pickup date range: what to bake, the cakes and their
// details, customers' instructions and the shopping list with costs.
// Printable (kitchen-print.css keeps only the sheet) and exported to Excel.
// Tables in BakeSheetTables (issue 21 split).
import { useState } from 'react';
import { Button, H4, NonIdealState } from '../ui/blueprint';
import { formatLongDate, ROUTES } from '@bakery/core';
import { messageOf } from '../api/client';
import { downloadFile } from '../api/downloadFile';
import { QueryStatus } from '../ui/QueryStatus';
import { toast } from '../ui/toaster';
import { KitchenRangeBar, type KitchenRangeValue } from './shared';
import { BakeSheetDays } from './BakeSheetDays';
import { CakesTable, InstructionsCard, ShoppingListTable, ToBakeTable } from './BakeSheetTables';
import { useKitchenRange } from './useKitchenRange';
import './kitchen-print.css';
import { LabelButtons } from '../allergens/LabelButtons';

export async function exportBakeSheet(range: KitchenRangeValue): Promise<boolean> {
  try {
    const res = await downloadFile(ROUTES.bakeSheetWorkbook, { query: { ...range } });
    if (res.saved)
      toast('Export ready', res.path ? `Saved to ${res.path}` : 'Bake sheet downloaded', 'success');
    return res.saved;
  } catch (err) {
    toast('Export Failed', messageOf(err, 'Failed to export the bake sheet'));
    return false;
  }
}

const title = (r: KitchenRangeValue) =>
  r.fromDate === r.toDate
    ? `Bake sheet for ${formatLongDate(r.fromDate)}`
    : `Bake sheet, ${formatLongDate(r.fromDate)} to ${formatLongDate(r.toDate)}`;

export function BakeSheetPanel({ initialRange }: { initialRange: KitchenRangeValue }) {
  const [exporting, setExporting] = useState(false);
  const { range, setRange, query } = useKitchenRange(ROUTES.bakeSheet, initialRange);
  const s = query.data;
  return (
    <div>
      <div className="button-row no-print">
        <KitchenRangeBar id="bake-range" value={range} onChange={setRange} />
        <Button icon="print" text="Print" disabled={!s} onClick={() => window.print()} />
        <Button
          icon="download"
          intent="primary"
          text="Export to Excel"
          loading={exporting}
          onClick={() => {
            setExporting(true);
            void exportBakeSheet(range).finally(() => setExporting(false));
          }}
        />
        {range.fromDate === range.toDate && <LabelButtons date={range.fromDate} />}
      </div>
      <QueryStatus query={query} what="the bake sheet" />
      {s && (
        <section className="bake-sheet-print" aria-label="Bake sheet">
          <H4>{title(range)}</H4>
          <p className="muted">
            {s.orderCount} {s.orderCount === 1 ? 'order' : 'orders'} (cancelled orders left out)
          </p>
          {s.products.length === 0 ? (
            <NonIdealState icon="shop" title="Nothing to bake for these dates" />
          ) : (
            <>
              <ToBakeTable products={s.products} />
              {s.days.length > 1 && <BakeSheetDays days={s.days} />}
              {s.cakes.length > 0 && <CakesTable cakes={s.cakes} />}
              {s.instructions.length > 0 && <InstructionsCard instructions={s.instructions} />}
              <ShoppingListTable sheet={s} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
