// The order desk (issue 12): the Orders tab's data root. Filters live in the
// URL; the grid asks the server for one block of rows at a time (AG Grid's
// infinite row model over GET /api/admin/orders/desk); a 30 s poll asks only
// what changed since the last answer; actions run here and report in toasts.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GridApi, IDatasource } from 'ag-grid-community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  can,
  bakeryToday,
  DUE_PRESET_LABELS,
  formatDollars,
  formatLongDate,
  type ConfigView,
  type DeskChangesView,
  type DeskPageView,
  type DuePreset,
  type OrderView,
} from '@bakery/core';
import { api, messageOf } from '../api/client';
import { bridge } from '../platform/bridge';
import { toast } from '../ui/toaster';
import { Button, Callout, Card, HTMLSelect, InputGroup, NonIdealState, Tag } from '../ui/blueprint';
import type { DateRange } from '../dashboard/range';
import { OrdersTable, DESK_BLOCK } from './OrdersTable';
import { OrderDetail } from './OrderDetail';
import { PrintPreview } from './PrintPreview';
import { CakeLabels, OrderTicket, PickList } from './Paper';
import { DESK_STATUSES, deskQuery, pickListDay, useDeskFilters } from './deskParams';
import type { OrderButton } from './actions';
import type { ActionInput, ShortcutRequest } from './OrderActions';
import { LabelButtons } from '../allergens/LabelButtons';

const POLL_MS = 30_000;
const SEARCH_DELAY_MS = 300;
const PRESETS: DuePreset[] = ['today', 'tomorrow', 'week', 'upcoming', 'all'];

type Paper = { kind: 'ticket'; order: OrderView } | { kind: 'pick' | 'labels'; date: string };

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
    const answer = await api<DeskPageView>(`/api/admin/orders/desk?${q.toString()}`);
    rows.push(...answer.rows);
    if (answer.rows.length < 200) break;
  }
  return rows;
}

/** The action that takes another back, offered in its toast. */
const UNDO: Partial<Record<OrderButton, OrderButton>> = {
  cancel: 'restore',
  fulfill: 'markInProgress',
  markComplete: 'markInProgress',
};

export function OrdersRoot({
  placed,
  clearPlaced,
  role = 'admin',
}: {
  placed: DateRange;
  clearPlaced(): void;
  /** The signed-in staff member's role: Delete is the owner's (core's deleteOrders). */
  role?: string;
}) {
  const client = useQueryClient();
  const [filters, setFilters] = useDeskFilters();
  const config = useQuery({
    queryKey: ['/api/config'],
    queryFn: () => api<ConfigView>('/api/config'),
  });
  const [grid, setGrid] = useState<GridApi<OrderView> | null>(null);
  const [selected, setSelected] = useState<OrderView | null>(null);
  // A shortcut pressed on a grid row: the detail opens and asks its question (or acts).
  const [requested, setRequested] = useState<{ id: string; request: ShortcutRequest } | null>(null);
  const [count, setCount] = useState<{ n: number; capped: boolean } | null>(null);
  // The search found nothing in the chosen dates and lists matches on all dates instead.
  const widened = useRef(false);
  const [widenedSearch, setWidenedSearch] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [paper, setPaper] = useState<Paper | null>(null);
  const asOf = useRef<string | null>(null);
  // The order named in the URL when the desk opened (a reload, a shared
  // link): selected once a page lists it, then forgotten. The datasource
  // reads this ref, never the filters it was made with, which go stale.
  const urlOrder = useRef(filters.order);
  const selectedId = selected?.id ?? filters.order;

  // Search as you type, sent when typing pauses.
  const [search, setSearch] = useState(filters.q);
  useEffect(() => {
    const t = setTimeout(() => {
      if (search !== filters.q) setFilters({ q: search });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, filters.q]);

  const filterKey = JSON.stringify([
    filters.due,
    filters.day,
    filters.q,
    filters.status,
    filters.method,
    placed.fromDate,
    placed.toDate,
  ]);

  const select = useCallback(
    (order: OrderView | null) => {
      urlOrder.current = null;
      setSelected(order);
      setFilters({ order: order?.id ?? null });
    },
    [setFilters],
  );

  const datasource = useMemo<IDatasource>(() => {
    return {
      getRows(params) {
        const sort = params.sortModel[0];
        const pageOf = (f: typeof filters) =>
          api<DeskPageView>(
            `/api/admin/orders/desk?${deskQuery(f, placed, {
              offset: params.startRow,
              limit: Math.min(params.endRow - params.startRow, DESK_BLOCK),
              sort: sort ? sort.colId : 'due',
              dir: sort ? sort.sort : 'asc',
            })}`,
          );
        // A search with no match in the chosen dates looks across all dates (issue 23).
        const searching = filters.q.trim() !== '' && filters.due !== 'all';
        if (params.startRow === 0) widened.current = false;
        const load = async () => {
          if (widened.current) return pageOf({ ...filters, due: 'all', day: null });
          const page = await pageOf(filters);
          if (params.startRow !== 0 || !searching || page.count > 0) return page;
          const everywhere = await pageOf({ ...filters, due: 'all', day: null });
          if (everywhere.count > 0) widened.current = true;
          return everywhere.count > 0 ? everywhere : page;
        };
        load()
          .then((page) => {
            setLoadError(null);
            if (params.startRow === 0) {
              setCount({ n: page.count, capped: page.countCapped });
              setWidenedSearch(widened.current);
              asOf.current = page.asOf;
            }
            const last =
              page.rows.length < params.endRow - params.startRow
                ? params.startRow + page.rows.length
                : page.countCapped
                  ? undefined
                  : page.count;
            params.successCallback(page.rows, last);
            // The detail follows the list: fresh data for the selected order.
            setSelected((sel) => {
              if (sel) return page.rows.find((o) => o.id === sel.id) ?? sel;
              const found = page.rows.find((o) => o.id === urlOrder.current);
              if (found) urlOrder.current = null;
              return found ?? sel;
            });
          })
          .catch((err: unknown) => {
            setLoadError(messageOf(err, 'Failed to fetch orders'));
            params.failCallback();
          });
      },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  // A new filter is a new list: the detail only shows listed orders (spec),
  // so it closes unless the order is in the new first page.
  const firstKey = useRef(filterKey);
  useEffect(() => {
    if (firstKey.current === filterKey) return;
    firstKey.current = filterKey;
    urlOrder.current = null;
    setSelected(null);
    setFilters({ order: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  const refresh = useCallback(() => {
    grid?.refreshInfiniteCache();
    void client.invalidateQueries({ queryKey: ['/api/admin/stats'] });
    void client.invalidateQueries({ queryKey: ['/api/admin/analytics'] });
  }, [grid, client]);

  // The poll: only what changed since the last answer.
  useEffect(() => {
    const timer = setInterval(() => {
      if (!asOf.current) return;
      api<DeskChangesView>(`/api/admin/orders/changes?since=${encodeURIComponent(asOf.current)}`)
        .then((changes) => {
          asOf.current = changes.asOf;
          if (changes.changed.length === 0) return;
          const fresh = changes.changed.filter((o) => changes.created.includes(o.id));
          if (fresh.length === 1)
            bridge.notify(
              'New order',
              `${fresh[0]!.customerName} — ${formatDollars(fresh[0]!.total)}`,
            );
          else if (fresh.length > 1)
            bridge.notify('New orders', `${fresh.length} new orders arrived`);
          setSelected((sel) => (sel ? (changes.changed.find((o) => o.id === sel.id) ?? sel) : sel));
          refresh();
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const action = useMutation({
    mutationFn: async ({
      order,
      button,
      fee,
      distance,
      input,
    }: {
      order: OrderView;
      button: OrderButton;
      fee?: number;
      distance?: number | null;
      input?: ActionInput;
    }) => {
      const base = `/api/admin/orders/${order.id}`;
      type Answer = { message?: string; order?: OrderView };
      try {
        switch (button) {
          case 'calculateDeliveryFee':
            return await api<Answer>(`${base}/delivery-fee`, {
              method: 'PATCH',
              body: { deliveryFee: fee, deliveryDistance: distance ?? null },
            });
          case 'confirmPayment':
            return await api<Answer>('/api/confirm-payment', {
              method: 'POST',
              body: { orderId: order.id },
            });
          case 'markComplete':
            return await api<Answer>(`${base}/fulfillment`, {
              method: 'PATCH',
              body: { orderStatus: 'complete' },
            });
          case 'markInProgress':
            return await api<Answer>(`${base}/fulfillment`, {
              method: 'PATCH',
              body: { orderStatus: 'in progress' },
            });
          case 'cancel':
            return await api<Answer>(`${base}/status`, {
              method: 'PATCH',
              body: { status: 'cancelled' },
            });
          case 'fulfill':
            return await api<Answer>(`${base}/fulfill`, {
              method: 'PATCH',
              ...(input?.payment ? { body: { payment: input.payment } } : {}),
            });
          case 'markReady':
          case 'sendOut':
            return await api<Answer>(`${base}/ready`, { method: 'POST' });
          case 'confirm':
          case 'startBaking':
            return await api<Answer>(`${base}/stage`, {
              method: 'POST',
              body: { stage: button === 'confirm' ? 'confirmed' : 'baking' },
            });
          case 'restore':
            return await api<Answer>(`${base}/restore`, { method: 'POST' });
          case 'refund':
            return await api<Answer>(`${base}/refunds`, { method: 'POST', body: input?.refund });
          case 'archive':
            return await api<Answer>(`${base}/archive`, { method: 'POST' });
          case 'delete':
            return await api<Answer>(base, { method: 'DELETE' });
          case 'viewPayment':
            if (order.squarePaymentUrl) await bridge.openExternal(order.squarePaymentUrl);
            return {} as Answer;
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
          confirm: ['Update Failed', 'Failed to update order status'],
          startBaking: ['Update Failed', 'Failed to update order status'],
          markReady: ['Update Failed', 'Failed to mark the order ready'],
          sendOut: ['Update Failed', 'Failed to mark the order ready'],
          restore: ['Restore Failed', 'Failed to restore the order'],
          refund: ['Refund Failed', 'Failed to record the refund'],
          archive: ['Update Failed', 'Failed to archive the order'],
          viewPayment: ['Update Failed', 'Failed to update order status'],
        };
        const [title, fallback] = titles[button];
        toast(title, messageOf(err, fallback));
        throw err;
      }
    },
    onSuccess: (res, vars) => {
      if (vars.button === 'viewPayment') return;
      if (vars.button === 'delete') select(null);
      else if (res?.order) setSelected(res.order);
      refresh();
      // A cancel or a hand-over can be taken back from its toast for a few seconds.
      const undo = UNDO[vars.button];
      const order = res?.order;
      toast(
        res?.message ?? 'Order updated',
        undefined,
        'success',
        undo && order
          ? { text: 'Undo', onClick: () => action.mutate({ order, button: undo }) }
          : undefined,
      );
    },
  });

  const retryLink = useMutation({
    mutationFn: (order: OrderView) =>
      api<{ success: boolean; message: string; order: OrderView }>(
        `/api/admin/orders/${order.id}/payment-link`,
        { method: 'POST' },
      ),
    onSuccess: (res) => {
      setSelected(res.order);
      refresh();
      toast(res.message, undefined, res.success ? 'success' : 'warning');
    },
    onError: (err) => toast('Update Failed', messageOf(err, 'Failed to update order status')),
  });

  const dayOrders = useQuery({
    queryKey: [
      '/api/admin/orders/desk',
      'day',
      paper && paper.kind !== 'ticket' ? paper.date : null,
    ],
    queryFn: () => ordersDueOn((paper as { date: string }).date),
    enabled: Boolean(paper && paper.kind !== 'ticket'),
    staleTime: 0,
  });

  const today = bakeryToday();
  const printDay = pickListDay(filters, today);

  // The counter: a typed or scanned pickup code opens its order.
  const [code, setCode] = useState('');
  const openByCode = useMutation({
    mutationFn: (typed: string) =>
      api<OrderView>(`/api/admin/orders/by-code/${encodeURIComponent(typed.trim())}`),
    onSuccess: (order) => {
      setCode('');
      select(order);
    },
    onError: (err) => toast('No such pickup code', messageOf(err, 'No order has this pickup code')),
  });
  // Mark Ready for every open order due on the pick-list day.
  const dayReady = useMutation({
    mutationFn: (date: string) =>
      api<{ message: string }>('/api/admin/orders/ready', {
        method: 'POST',
        body: { pickupDate: date },
      }),
    onSuccess: (res) => {
      refresh();
      toast(res.message, undefined, 'success');
    },
    onError: (err) => toast('Update Failed', messageOf(err, 'Failed to mark the orders ready')),
  });

  return (
    <div className="desk">
      {loadError && (
        <Callout intent="danger" role="alert" className="banner compact-callout">
          {loadError}
        </Callout>
      )}
      <div className="desk-bar" role="toolbar" aria-label="Which orders">
        <div className="bp6-button-group" role="group" aria-label="Due">
          {PRESETS.map((p) => (
            <Button
              key={p}
              text={p === 'upcoming' ? 'Coming days' : DUE_PRESET_LABELS[p]}
              active={filters.due === p}
              aria-pressed={filters.due === p}
              small
              onClick={() => setFilters({ due: p, day: null })}
            />
          ))}
        </div>
        <label className="inline-field" title="Due on a date">
          <input
            className="bp6-input bp6-small"
            type="date"
            aria-label="Due on date"
            value={filters.due === 'date' && filters.day ? filters.day : ''}
            onChange={(e) =>
              e.currentTarget.value
                ? setFilters({ due: 'date', day: e.currentTarget.value })
                : setFilters({ due: 'upcoming', day: null })
            }
          />
        </label>
        <InputGroup
          type="search"
          leftIcon="search"
          small
          placeholder="Name, phone, order #, item…"
          aria-label="Search orders"
          value={search}
          onValueChange={setSearch}
          style={{ width: 150 }}
        />
        <form
          className="inline-field"
          onSubmit={(e) => {
            e.preventDefault();
            if (code.trim()) openByCode.mutate(code);
          }}
        >
          <InputGroup
            small
            leftIcon="barcode"
            placeholder="Pickup code"
            aria-label="Pickup code"
            value={code}
            onValueChange={setCode}
            style={{ width: 100 }}
          />
        </form>
        <HTMLSelect
          aria-label="Status"
          value={filters.status}
          onChange={(e) => setFilters({ status: e.currentTarget.value })}
          options={DESK_STATUSES.map(([value, label]) => ({ value, label }))}
        />
        <HTMLSelect
          aria-label="Pickup or delivery"
          value={filters.method}
          onChange={(e) =>
            setFilters({ method: e.currentTarget.value as '' | 'pickup' | 'delivery' })
          }
          options={[
            { value: '', label: 'All methods' },
            { value: 'pickup', label: 'Pickup' },
            { value: 'delivery', label: 'Delivery' },
          ]}
        />
        {(placed.fromDate || placed.toDate) && (
          <Tag onRemove={clearPlaced} minimal intent="primary">
            Placed {placed.fromDate ? formatLongDate(placed.fromDate) : '…'} –{' '}
            {placed.toDate ? formatLongDate(placed.toDate) : '…'}
          </Tag>
        )}
        <span className="muted" aria-live="polite" data-testid="desk-count">
          {count
            ? `${count.capped ? `${count.n.toLocaleString('en-US')}+` : count.n.toLocaleString('en-US')} ${count.n === 1 ? 'order' : 'orders'}`
            : ''}
        </span>
        <span className="spacer" />
        <Button
          icon="tick-circle"
          small
          text={printDay === today ? 'Mark today ready' : 'Mark day ready'}
          title={`Mark every open order due ${formatLongDate(printDay)} ready`}
          disabled={dayReady.isPending}
          onClick={() => dayReady.mutate(printDay)}
        />
        <Button
          icon="th-list"
          small
          text="Pick list"
          onClick={() => setPaper({ kind: 'pick', date: printDay })}
        />
        <Button
          icon="tag"
          small
          text="Labels"
          onClick={() => setPaper({ kind: 'labels', date: printDay })}
        />
        <LabelButtons date={printDay} small />
      </div>
      {widenedSearch && (
        <Callout intent="primary" className="banner compact-callout" role="status">
          Nothing due in these dates matches “{filters.q.trim()}”: showing matches on all dates.
        </Callout>
      )}
      <div className="desk-split">
        <div className="grid-box desk-grid" role="region" aria-label="Orders">
          {count?.n === 0 && <p className="grid-empty">No orders due in this range</p>}
          <OrdersTable
            datasource={datasource}
            onReady={setGrid}
            onSelect={select}
            onShortcut={(order, button) => {
              select(order);
              // R acts at once (the server refuses what the state does not allow); H asks first.
              if (button === 'markReady') action.mutate({ order, button });
              else setRequested({ id: order.id, request: { button } });
            }}
            selectedId={selectedId}
          />
        </div>
        <Card className="detail" aria-live="polite">
          {selected &&
            config.data &&
            !config.data.paymentConfigured &&
            selected.paymentStatus === 'pending' && (
              <Callout intent="warning" className="banner compact-callout" icon="warning-sign">
                Square is not configured: no payment link. Confirm a payment received another way
                with Confirm Payment.
              </Callout>
            )}
          {selected ? (
            <OrderDetail
              order={selected}
              busy={action.isPending}
              canDelete={can(role, 'deleteOrders')}
              request={requested?.id === selected.id ? requested.request : null}
              run={(button, input) => action.mutate({ order: selected, button, input })}
              submitFee={(fee, distance) =>
                action.mutate({ order: selected, button: 'calculateDeliveryFee', fee, distance })
              }
              paymentConfigured={config.data?.paymentConfigured ?? true}
              retryLink={() => retryLink.mutate(selected)}
              printTicket={() => setPaper({ kind: 'ticket', order: selected })}
            />
          ) : (
            <NonIdealState
              icon="document"
              title="No order selected"
              description="Select an order in the list to see its details and actions. In the list: arrows move, Enter opens, R marks ready, H hands over."
            />
          )}
        </Card>
      </div>
      {paper && (
        <PrintPreview
          title={
            paper.kind === 'ticket'
              ? `Order ticket #${paper.order.orderNumber}`
              : paper.kind === 'pick'
                ? `Pick list ${formatLongDate(paper.date)}`
                : `Cake labels ${formatLongDate(paper.date)}`
          }
          onClose={() => setPaper(null)}
        >
          {paper.kind === 'ticket' ? (
            <OrderTicket order={paper.order} />
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
      )}
    </div>
  );
}
