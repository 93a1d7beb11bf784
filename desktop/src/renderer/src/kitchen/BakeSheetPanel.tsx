// The bake sheet of a pickup date range: what to bake, the cakes and their
// details, customers' instructions and the shopping list with costs.
// Printable (kitchen-print.css keeps only the sheet) and exported to Excel.
import { useState } from 'react';
import { Button, Callout, Card, H4, H5, NonIdealState, Tag } from '../ui/blueprint';
import { useQuery } from '@tanstack/react-query';
import { cakeWritingCell, dueLabel, formatLongDate, type BakeSheetView } from '@bakery/core';
import { api, apiBytes, messageOf } from '../api/client';
import { bridge } from '../platform/bridge';
import { QueryStatus } from '../ui/QueryStatus';
import { toast } from '../ui/toaster';
import {
  KitchenRangeBar,
  TableCard,
  amount,
  money,
  rangeParams,
  type KitchenRangeValue,
} from './shared';
import { BakeSheetDays } from './BakeSheetDays';
import './kitchen-print.css';
import { LabelButtons } from '../allergens/LabelButtons';

export async function exportBakeSheet(range: KitchenRangeValue): Promise<boolean> {
  try {
    const bytes = await apiBytes(`/api/admin/exports/bake-sheet.xlsx${rangeParams(range)}`);
    const name =
      range.fromDate === range.toDate
        ? `bake-sheet-${range.fromDate}.xlsx`
        : `bake-sheet-${range.fromDate}_to_${range.toDate}.xlsx`;
    const res = await bridge.saveFile(name, bytes);
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
  const [range, setRange] = useState(initialRange);
  const [exporting, setExporting] = useState(false);
  const sheet = useQuery({
    queryKey: ['/api/admin/kitchen/bake-sheet', range.fromDate, range.toDate],
    queryFn: () => api<BakeSheetView>(`/api/admin/kitchen/bake-sheet${rangeParams(range)}`),
    placeholderData: (prev) => prev,
  });
  const s = sheet.data;
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
      <QueryStatus query={sheet} what="the bake sheet" />
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
              <TableCard
                title="To bake"
                label="Items to bake"
                columns={[
                  'Category',
                  'Item',
                  'Option',
                  'Quantity',
                  'Pieces',
                  'Add-ins',
                  'Recipe batches',
                ]}
              >
                {s.products.map((p) => (
                  <tr key={`${p.productId}|${p.variantId}`}>
                    <td>{p.categoryLabel}</td>
                    <td>{p.name}</td>
                    <td>{p.variantLabel ?? ''}</td>
                    <td>{p.quantity}</td>
                    <td>{p.units}</td>
                    <td>
                      {Object.entries(p.addIns)
                        .map(([label, n]) => `${n} × ${label}`)
                        .join(', ')}
                    </td>
                    <td>
                      {p.batches === null ? (
                        <Tag intent="warning" minimal>
                          No recipe linked
                        </Tag>
                      ) : (
                        `${amount(p.batches)} × ${p.recipeName}`
                      )}
                    </td>
                  </tr>
                ))}
              </TableCard>
              {s.days.length > 1 && <BakeSheetDays days={s.days} />}
              {s.cakes.length > 0 && (
                <TableCard
                  title="Cakes"
                  label="Cakes"
                  columns={[
                    'Pickup',
                    'Order',
                    'Customer',
                    'Cake',
                    'Size',
                    'Filling',
                    'Qty',
                    'Writing',
                    'Bows',
                    'Instructions',
                  ]}
                >
                  {s.cakes.map((c, i) => (
                    <tr key={`${c.orderId}-${i}`}>
                      {/* "Sat, Nov 28 · 10:00 AM" on one line, not an ISO date wrapped over four (issue 23). */}
                      <td className="nowrap">{dueLabel(c)}</td>
                      <td>{c.orderNumber}</td>
                      <td>{c.customerName}</td>
                      <td>{c.name}</td>
                      <td>{c.size ?? '—'}</td>
                      <td>{c.filling ?? '—'}</td>
                      <td>{c.quantity}</td>
                      <td>{cakeWritingCell(c)}</td>
                      <td>{c.bows ? 'Yes' : 'No'}</td>
                      <td>{c.specialInstructions ?? ''}</td>
                    </tr>
                  ))}
                </TableCard>
              )}
              {s.instructions.length > 0 && (
                <Card>
                  <H5>Special instructions</H5>
                  <ul aria-label="Special instructions" className="plain-list">
                    {s.instructions.map((n) => (
                      <li key={n.orderId}>
                        <strong>
                          {n.orderNumber} · {n.customerName} · {dueLabel(n)}:
                        </strong>{' '}
                        {n.text}
                      </li>
                    ))}
                  </ul>
                </Card>
              )}
              <TableCard
                title="Shopping list"
                label="Shopping list"
                columns={['Ingredient', 'Quantity', 'Unit', 'Cost per unit', 'Cost']}
                before={
                  s.unlinked.length > 0 && (
                    <Callout intent="warning" title="Not in the shopping list (no recipe linked)">
                      {s.unlinked
                        .map(
                          (u) =>
                            `${u.quantity} × ${u.name}${u.variantLabel ? ` (${u.variantLabel})` : ''}`,
                        )
                        .join(', ')}
                    </Callout>
                  )
                }
                foot={
                  <tr>
                    <th scope="row" colSpan={4}>
                      Total
                    </th>
                    <td data-testid="shopping-total">
                      <strong>{money(s.shoppingListCost)}</strong>
                    </td>
                  </tr>
                }
              >
                {s.shoppingList.map((row) => (
                  <tr key={row.ingredientId}>
                    <td>{row.name}</td>
                    <td>{amount(row.quantity)}</td>
                    <td>{row.unit}</td>
                    <td>${row.costPerUnit.toFixed(4)}</td>
                    <td>{money(row.cost)}</td>
                  </tr>
                ))}
              </TableCard>
            </>
          )}
        </section>
      )}
    </div>
  );
}
