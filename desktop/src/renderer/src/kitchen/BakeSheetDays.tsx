// The bake sheet's per-day split (issue 23): a range of several pickup days
// was one sum; the kitchen bakes day by day, so each day gets its own rows.
import { Fragment } from 'react';
import { pickListHeading, type BakeSheetDayView } from '@bakery/core';
import { TableCard } from './shared';

export function BakeSheetDays({ days }: { days: BakeSheetDayView[] }) {
  return (
    <TableCard
      title="By pickup day"
      label="To bake by pickup day"
      columns={['Day', 'Item', 'Option', 'Quantity', 'Pieces']}
    >
      {days.map((day) => (
        <Fragment key={day.date}>
          {day.products.map((p, i) => (
            <tr key={`${p.productId}|${p.variantId}`} className={i === 0 ? 'day-start' : undefined}>
              {i === 0 && (
                <th scope="rowgroup" rowSpan={day.products.length} className="nowrap">
                  {pickListHeading(day.date)}
                  <div className="muted">
                    {day.orderCount} {day.orderCount === 1 ? 'order' : 'orders'}
                  </div>
                </th>
              )}
              <td>{p.name}</td>
              <td>{p.variantLabel ?? ''}</td>
              <td>{p.quantity}</td>
              <td>{`${p.pieces} ${p.pieceName}`}</td>
            </tr>
          ))}
        </Fragment>
      ))}
    </TableCard>
  );
}
