// What the desk prints: one ticket, the ticked orders' tickets, or a day's
// pick list or cake labels (fetched when the preview opens).
import { useQuery } from '@tanstack/react-query';
import { formatLongDate, ROUTES, type OrderView } from '@bakery/core';
import { client, messageOf } from '../api/client';
import { PrintPreview } from './PrintPreview';
import { CakeLabels, OrderTicket, PickList } from './Paper';

export type Paper =
  | { kind: 'ticket'; order: OrderView }
  | { kind: 'tickets'; orders: OrderView[] }
  | { kind: 'pick' | 'labels'; date: string };

/** Every order due on `date` (pages of 200), for the pick list and labels. */
async function ordersDueOn(date: string): Promise<OrderView[]> {
  const rows: OrderView[] = [];
  for (let page = 0; page < 25; page++) {
    const q = new URLSearchParams({
      dueFrom: date,
      dueTo: date,
      limit: '200',
      offset: String(page * 200),
    });
    const answer = await client.call(ROUTES.desk, { query: Object.fromEntries(q) });
    rows.push(...answer.rows);
    if (answer.rows.length < 200) break;
  }
  return rows;
}

export function DeskPaper({
  paper,
  setPaper,
}: {
  paper: Paper;
  setPaper(paper: Paper | null): void;
}) {
  const dayOrders = useQuery({
    queryKey: [ROUTES.desk.path, 'day', 'date' in paper ? paper.date : null],
    queryFn: () => ordersDueOn((paper as { date: string }).date),
    enabled: 'date' in paper,
    staleTime: 0,
  });

  return (
    <PrintPreview
      title={
        paper.kind === 'ticket'
          ? `Order ticket #${paper.order.orderNumber}`
          : paper.kind === 'tickets'
            ? `Order tickets (${paper.orders.length})`
            : paper.kind === 'pick'
              ? `Pick list ${formatLongDate(paper.date)}`
              : `Cake labels ${formatLongDate(paper.date)}`
      }
      onClose={() => setPaper(null)}
    >
      {paper.kind === 'ticket' ? (
        <OrderTicket order={paper.order} />
      ) : paper.kind === 'tickets' ? (
        paper.orders.map((order) => <OrderTicket key={order.id} order={order} />)
      ) : (
        <>
          <label className="no-print inline-field" style={{ marginBottom: 8 }}>
            <span>Day</span>
            <input
              className="bp6-input bp6-small"
              type="date"
              aria-label="Pick list day"
              value={paper.date}
              onChange={(e) =>
                e.currentTarget.value && setPaper({ ...paper, date: e.currentTarget.value })
              }
            />
          </label>
          {dayOrders.isLoading ? (
            <p>Loading…</p>
          ) : dayOrders.error ? (
            <p role="alert">{messageOf(dayOrders.error, 'Failed to fetch orders')}</p>
          ) : paper.kind === 'pick' ? (
            <PickList date={paper.date} orders={dayOrders.data ?? []} />
          ) : (
            <CakeLabels orders={dayOrders.data ?? []} />
          )}
        </>
      )}
    </PrintPreview>
  );
}
