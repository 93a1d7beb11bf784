import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Callout,
  Card,
  H3,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef } from 'ag-grid-community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPaymentBadge,
  BAKERY_TIME_ZONE,
  formatDollars,
  formatLongDate,
  type OrderView,
} from '@bakery/core';
import { api, messageOf, rangeQuery } from '../api/client';
import { bridge } from '../platform/bridge';
import { toast } from '../ui/toaster';
import type { DateRange } from '../dashboard/range';
import { OrderActions } from './OrderActions';
import type { OrderButton } from './actions';

const POLL_MS = 30_000;
const DEFAULT_COL: ColDef<OrderView> = { sortable: true, resizable: true, filter: true };
/** An instant as the bakery's calendar day (YYYY-MM-DD in New York). */
const bakeryDay = (iso: unknown) =>
  iso ? new Date(String(iso)).toLocaleDateString('en-CA', { timeZone: BAKERY_TIME_ZONE }) : '';
const money = (d: number | null | undefined) => formatDollars(d ?? 0);

interface HistoryEntry {
  id: string;
  at: string;
  actorEmail: string | null;
  field: string;
  from: string | null;
  to: string | null;
}

interface Config {
  paymentProvider: string;
  paymentConfigured: boolean;
  mailConfigured: boolean;
}

function paymentIntent(status: string) {
  return status === 'completed' || status === 'paid'
    ? 'success'
    : status === 'cancelled'
      ? 'danger'
      : 'warning';
}

export function PaymentBadge({ status }: { status: string }) {
  const badge = adminPaymentBadge(status as never) as unknown;
  const label =
    typeof badge === 'string' ? badge : ((badge as { label?: string } | null)?.label ?? status);
  return (
    <Tag intent={paymentIntent(status)} minimal round>
      {label}
    </Tag>
  );
}

export function FulfilmentBadge({ order }: { order: OrderView }) {
  if (order.fulfilledAt)
    return (
      <Tag intent="success" round>
        fulfilled
      </Tag>
    );
  return (
    <Tag intent={order.orderStatus === 'complete' ? 'primary' : 'none'} round>
      {order.orderStatus}
    </Tag>
  );
}

export function OrdersTab({ range }: { range: DateRange }) {
  const client = useQueryClient();
  const key = ['/api/admin/orders', range.fromDate, range.toDate];
  const orders = useQuery({
    queryKey: key,
    queryFn: () => api<OrderView[]>(`/api/admin/orders${rangeQuery(range.fromDate, range.toDate)}`),
    // New orders show up without a manual reload (30 s poll).
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    placeholderData: (prev) => prev,
  });
  const config = useQuery({ queryKey: ['/api/config'], queryFn: () => api<Config>('/api/config') });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  // Notify about orders that were not in the previous answer.
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!orders.data) return;
    const ids = new Set(orders.data.map((o) => o.id));
    if (seen.current) {
      const fresh = orders.data.filter((o) => !seen.current!.has(o.id));
      if (fresh.length === 1)
        bridge.notify('New order', `${fresh[0]!.customerName} — ${money(fresh[0]!.total)}`);
      else if (fresh.length > 1) bridge.notify('New orders', `${fresh.length} new orders arrived`);
    }
    seen.current = ids;
  }, [orders.data]);

  // Spec: a selected order is deselected if it disappears from the list
  // (deleted, or outside a new date range): the detail only shows listed orders.
  const selected = orders.data?.find((o) => o.id === selectedId) ?? null;
  // Forget it for good (during render, React's pattern for state derived from
  // props), so it does not come back if the order reappears later.
  if (orders.data && selectedId && !selected) setSelectedId(null);

  const columns = useMemo<ColDef<OrderView>[]>(
    () => [
      { headerName: 'Customer', field: 'customerName', flex: 1.2, minWidth: 140 },
      { headerName: 'E-mail', field: 'customerEmail', flex: 1.5, minWidth: 180 },
      { headerName: 'Order', field: 'orderNumber', width: 110 },
      {
        headerName: 'Date',
        colId: 'date',
        width: 120,
        valueGetter: (p) => (p.data ? (p.data.createdAt ?? p.data.orderDate) : ''),
        valueFormatter: (p) => bakeryDay(p.value),
        filterValueGetter: (p) => bakeryDay(p.data?.createdAt ?? p.data?.orderDate),
        sort: 'desc',
        comparator: (a, b) => String(a).localeCompare(String(b)),
      },
      {
        headerName: 'Payment',
        field: 'paymentStatus',
        width: 120,
        cellRenderer: (p: { value: string }) => <PaymentBadge status={p.value} />,
      },
      {
        headerName: 'Fulfilment',
        field: 'orderStatus',
        width: 120,
        cellRenderer: (p: { data?: OrderView }) =>
          p.data ? <FulfilmentBadge order={p.data} /> : null,
      },
      {
        headerName: 'Total',
        field: 'total',
        width: 110,
        type: 'rightAligned',
        filter: 'agNumberColumnFilter',
        valueFormatter: (p) => money(p.value as number),
      },
      {
        headerName: 'Pickup / delivery',
        colId: 'fulfilmentMethod',
        flex: 1.3,
        minWidth: 170,
        valueGetter: (p) =>
          p.data
            ? p.data.deliveryMethod === 'delivery'
              ? `Delivery ${p.data.deliveryCity ?? ''}`
              : `Pickup ${p.data.pickupDate ?? ''} ${p.data.pickupTime ?? ''}`
            : '',
      },
    ],
    [],
  );

  const onDone = (message?: string) => {
    void client.invalidateQueries({ queryKey: ['/api/admin/orders'] });
    void client.invalidateQueries({ queryKey: ['/api/admin/stats'] });
    void client.invalidateQueries({ queryKey: ['/api/admin/analytics'] });
    if (message) toast(message, undefined, 'success');
  };

  const action = useMutation({
    mutationFn: async ({
      order,
      button,
      fee,
      distance,
    }: {
      order: OrderView;
      button: OrderButton;
      fee?: number;
      distance?: number | null;
    }) => {
      const base = `/api/admin/orders/${order.id}`;
      try {
        switch (button) {
          case 'calculateDeliveryFee':
            return await api<{ message?: string }>(`${base}/delivery-fee`, {
              method: 'PATCH',
              body: { deliveryFee: fee, deliveryDistance: distance ?? null },
            });
          case 'confirmPayment':
            return await api<{ message?: string }>('/api/confirm-payment', {
              method: 'POST',
              body: { orderId: order.id },
            });
          case 'markComplete':
            return await api<{ message?: string }>(`${base}/fulfillment`, {
              method: 'PATCH',
              body: { orderStatus: 'complete' },
            });
          case 'markInProgress':
            return await api<{ message?: string }>(`${base}/fulfillment`, {
              method: 'PATCH',
              body: { orderStatus: 'in progress' },
            });
          case 'cancel':
            return await api<{ message?: string }>(`${base}/status`, {
              method: 'PATCH',
              body: { status: 'cancelled' },
            });
          case 'fulfill':
            return await api<{ message?: string }>(`${base}/fulfill`, { method: 'PATCH' });
          case 'delete':
            return await api<{ message?: string }>(base, { method: 'DELETE' });
          case 'viewPayment':
            if (order.squarePaymentUrl) await bridge.openExternal(order.squarePaymentUrl);
            return {};
        }
      } catch (err) {
        // Spec 8: each action has its own title; the server's message when it sent one.
        const titles: Record<OrderButton, [string, string]> = {
          calculateDeliveryFee: ['Failed to Add Delivery Fee', 'Failed to Add Delivery Fee'],
          confirmPayment: ['Update Failed', 'Failed to confirm payment'],
          markComplete: ['Update Failed', 'Failed to update order status'],
          markInProgress: ['Update Failed', 'Failed to update order status'],
          cancel: ['Update Failed', 'Failed to update order status'],
          fulfill: ['Fulfillment Failed', 'Fulfillment Failed'],
          delete: ['Delete Failed', 'Delete Failed'],
          viewPayment: ['Update Failed', 'Failed to update order status'],
        };
        const [title, fallback] = titles[button];
        toast(title, messageOf(err, fallback));
        throw err;
      }
    },
    onSuccess: (res, vars) => {
      if (vars.button !== 'viewPayment')
        onDone((res as { message?: string } | undefined)?.message ?? 'Order updated');
    },
  });

  const retryLink = useMutation({
    mutationFn: (order: OrderView) =>
      api<{ success: boolean; message: string }>(`/api/admin/orders/${order.id}/payment-link`, {
        method: 'POST',
      }),
    onSuccess: (res) => {
      onDone();
      toast(res.message, undefined, res.success ? 'success' : 'warning');
    },
    onError: (err) => toast('Update Failed', messageOf(err, 'Failed to update order status')),
  });

  return (
    <div>
      {config.data && !config.data.paymentConfigured && (
        <Callout intent="warning" className="banner" title="Payment is not configured">
          Square is not configured on the server: payment links cannot be created. Confirm payments
          received another way with Confirm Payment.
        </Callout>
      )}
      {orders.error && (
        <Callout intent="danger" role="alert" className="banner">
          {messageOf(orders.error, 'Failed to fetch orders')}
        </Callout>
      )}
      <div className="range-bar" style={{ marginBottom: 8 }}>
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder="Search orders…"
          aria-label="Search orders"
          value={search}
          onValueChange={setSearch}
          style={{ width: 280 }}
        />
        <span className="muted">{orders.data ? `${orders.data.length} orders` : ''}</span>
      </div>
      <div className="split">
        <div className="grid-box" role="region" aria-label="Orders">
          <AgGridReact<OrderView>
            rowData={orders.data ?? null}
            columnDefs={columns}
            defaultColDef={DEFAULT_COL}
            getRowId={(p) => p.data.id}
            quickFilterText={search}
            rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
            onRowClicked={(e) => e.data && setSelectedId(e.data.id)}
            onCellKeyDown={(e) => {
              const k = (e.event as KeyboardEvent | undefined)?.key;
              if ((k === 'Enter' || k === ' ') && e.data) setSelectedId(e.data.id);
            }}
            rowHeight={32}
            headerHeight={34}
            overlayNoRowsTemplate="No orders in this range"
            loading={orders.isLoading}
          />
        </div>
        <Card className="detail" aria-live="polite">
          {selected ? (
            <OrderDetail
              order={selected}
              busy={action.isPending}
              run={(button) => action.mutate({ order: selected, button })}
              submitFee={(fee, distance) =>
                action.mutate({ order: selected, button: 'calculateDeliveryFee', fee, distance })
              }
              paymentConfigured={config.data?.paymentConfigured ?? true}
              retryLink={() => retryLink.mutate(selected)}
            />
          ) : (
            <NonIdealState
              icon="document"
              title="No order selected"
              description="Select an order in the list to see its details and actions."
            />
          )}
        </Card>
      </div>
    </div>
  );
}

function OrderDetail({
  order,
  busy,
  run,
  submitFee,
  paymentConfigured,
  retryLink,
}: {
  order: OrderView;
  busy: boolean;
  run(b: Exclude<OrderButton, 'calculateDeliveryFee'>): void;
  submitFee(fee: number, distance: number | null): void;
  paymentConfigured: boolean;
  retryLink(): void;
}) {
  const history = useQuery({
    queryKey: [
      '/api/admin/orders',
      order.id,
      'history',
      order.paymentStatus,
      order.orderStatus,
      order.deliveryFeeStatus,
      order.fulfilledAt,
    ],
    queryFn: () => api<HistoryEntry[]>(`/api/admin/orders/${order.id}/history`),
  });
  return (
    <section aria-label={`Order ${order.orderNumber}`}>
      <H3>
        Order #{order.orderNumber} <PaymentBadge status={order.paymentStatus} />{' '}
        <FulfilmentBadge order={order} />
      </H3>
      <p>
        <strong>{order.customerName}</strong> · {order.customerEmail} · {order.customerPhone}
        <br />
        Ordered {formatLongDate(order.orderDate ?? order.createdAt)}
        {order.isRushOrder && (
          <Tag intent="danger" minimal style={{ marginLeft: 6 }}>
            Rush
          </Tag>
        )}
      </p>
      <OrderActions order={order} handlers={{ run, submitDeliveryFee: submitFee, busy }} />
      {!order.squarePaymentUrl &&
        order.paymentStatus === 'pending' &&
        order.deliveryFeeStatus !== 'pending' &&
        paymentConfigured && (
          <Button icon="link" text="Retry payment link" small onClick={retryLink} disabled={busy} />
        )}
      <HTMLTable compact className="compact" style={{ width: '100%' }} aria-label="Items">
        <thead>
          <tr>
            <th>Item</th>
            <th>Qty</th>
            <th>Line total</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={i}>
              <td>
                {item.name}
                {item.variantLabel ? ` (${item.variantLabel})` : ''}
                {item.filling ? `, ${item.filling}` : ''}
                {item.addIn ? `, ${item.addIn}` : ''}
              </td>
              <td>{item.quantity}</td>
              <td>{money(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <table className="compact" aria-label="Totals">
        <tbody>
          <tr>
            <td>Subtotal</td>
            <td>{money(order.subtotal)}</td>
          </tr>
          {order.cakeOptionsFee > 0 && (
            <tr>
              <td>Cake options</td>
              <td>{money(order.cakeOptionsFee)}</td>
            </tr>
          )}
          {order.rushFee > 0 && (
            <tr>
              <td>Rush fee</td>
              <td>{money(order.rushFee)}</td>
            </tr>
          )}
          <tr>
            <td>Tax</td>
            <td>{money(order.tax)}</td>
          </tr>
          {order.deliveryMethod === 'delivery' && (
            <tr>
              <td>Delivery fee</td>
              <td>
                {order.deliveryFeeStatus === 'pending' ? 'pending' : money(order.deliveryFee)}
              </td>
            </tr>
          )}
          <tr>
            <td>
              <strong>Total</strong>
            </td>
            <td data-testid="order-total">
              <strong>{money(order.total)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      {order.specialInstructions && (
        <p>
          <strong>Special instructions:</strong> {order.specialInstructions}
        </p>
      )}
      {order.deliveryMethod === 'delivery' ? (
        <p>
          <strong>Delivery:</strong> {order.deliveryAddress}, {order.deliveryCity},{' '}
          {order.deliveryState} {order.deliveryZip}
          {order.deliveryDistance != null && ` · ${order.deliveryDistance} mi`}
          {order.deliveryInstructions && (
            <>
              <br />
              {order.deliveryInstructions}
            </>
          )}
        </p>
      ) : (
        <p>
          <strong>Pickup:</strong> {order.pickupDate ? formatLongDate(order.pickupDate) : '—'}{' '}
          {order.pickupTime}
        </p>
      )}
      <h4>History</h4>
      {history.isLoading ? (
        <p className="muted">Loading history…</p>
      ) : history.data && history.data.length > 0 ? (
        <ul aria-label="History">
          {history.data.map((h) => (
            <li key={h.id}>
              {new Date(h.at).toLocaleString()} · {h.actorEmail ?? 'system'}: {h.field}{' '}
              {h.from ?? '—'} → {h.to ?? '—'}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No changes yet.</p>
      )}
    </section>
  );
}
