// The Overview's day at a glance (issue 23): today's pickups and deliveries by
// where they stand at the counter, the money received today by how it was
// paid, and how many orders are due tomorrow (GET /api/admin/today).
import { useQuery } from '@tanstack/react-query';
import {
  formatDollars,
  PAYMENT_METHOD_LABELS,
  type DayCountsView,
  type PaymentMethod,
  ROUTES,
} from '@bakery/core';
import { client, messageOf } from '../api/client';
import { Callout, Card, HTMLTable } from '../ui/blueprint';
import { TableHead } from '../ui/TableHead';

const ROWS: [keyof DayCountsView, string][] = [
  ['due', 'Due'],
  ['ready', 'Ready'],
  ['handedOver', 'Handed over'],
  ['notPaid', 'Not paid'],
  ['cancelled', 'Cancelled'],
];

const methodLabel = (method: string) =>
  method === 'staff'
    ? 'Confirmed by staff'
    : (PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method);

export function TodayPanel() {
  const today = useQuery({
    queryKey: [ROUTES.today.path],
    queryFn: () => client.call(ROUTES.today),
    staleTime: 0,
    refetchInterval: 60_000,
  });
  if (today.error)
    return (
      <Callout intent="danger" role="alert" className="banner">
        {messageOf(today.error, 'Failed to fetch today')}
      </Callout>
    );
  const day = today.data;
  return (
    <section className="today" aria-label="Today at the counter">
      <Card className="today-card">
        <h3 className="bp6-heading">Today&apos;s pickups and deliveries</h3>
        <HTMLTable compact className="compact" aria-label="Today by state">
          <TableHead columns={['', ['Pickups', 'num'], ['Deliveries', 'num']]} />
          <tbody>
            {ROWS.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td className="num" data-testid={`today-pickups-${key}`}>
                  {day ? day.pickups[key] : '—'}
                </td>
                <td className="num">{day ? day.deliveries[key] : '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <p className="muted">
          Tomorrow: <strong data-testid="today-tomorrow">{day?.tomorrow ?? '—'}</strong> orders due
        </p>
      </Card>
      <Card className="today-card">
        <h3 className="bp6-heading">
          Today&apos;s takings:{' '}
          <span data-testid="today-takings">{day ? formatDollars(day.takings.total) : '—'}</span>
        </h3>
        <p className="muted">Money received today, whenever the order was placed.</p>
        {day && day.takings.byMethod.length > 0 ? (
          <HTMLTable compact className="compact" aria-label="Takings by method">
            <TableHead columns={['Paid by', ['Orders', 'num'], ['Amount', 'num']]} />
            <tbody>
              {day.takings.byMethod.map((row) => (
                <tr key={row.method}>
                  <td>{methodLabel(row.method)}</td>
                  <td className="num">{row.orders}</td>
                  <td className="num">{formatDollars(row.amount)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : (
          <p>Nothing received yet today.</p>
        )}
      </Card>
    </section>
  );
}
