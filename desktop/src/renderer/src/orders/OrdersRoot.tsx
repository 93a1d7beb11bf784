// The order desk (issue 12): the Orders tab's root. Filters live in the URL;
// the rows come from useDeskRows (the grid's blocks and the 30 s poll), the
// actions from useOrderAction, the printouts from DeskPaper; this file holds
// the selection and lays the desk out.
import { ROUTES } from '@bakery/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GridApi } from 'ag-grid-community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { can, bakeryToday, type OrderView } from '@bakery/core';
import { client as apiClient, messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';
import { Callout, Card, NonIdealState } from '../ui/blueprint';
import type { DateRange } from '../dashboard/range';
import { OrdersTable } from './OrdersTable';
import { OrderDetail } from './OrderDetail';
import { DeskPaper, type Paper } from './DeskPaper';
import { deskFilterKey, pickListDay, useDeskFilters } from './deskParams';
import { DeskToolbar } from './DeskToolbar';
import { CounterBar } from './CounterBar';
import { useOrderAction } from './useOrderAction';
import { useDeskRows } from './useDeskRows';
import type { ShortcutRequest } from './OrderActions';

const SEARCH_DELAY_MS = 300;

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
  const config = useApiQuery([ROUTES.config.path], ROUTES.config);
  const [grid, setGrid] = useState<GridApi<OrderView> | null>(null);
  const [selected, setSelected] = useState<OrderView | null>(null);
  // The rows ticked for a bulk action (the grid's checkboxes).
  const [ticked, setTicked] = useState<OrderView[]>([]);
  // A shortcut pressed on a grid row: the detail opens and asks its question (or acts).
  const [requested, setRequested] = useState<{ id: string; request: ShortcutRequest } | null>(null);
  const [paper, setPaper] = useState<Paper | null>(null);
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

  const filterKey = deskFilterKey(filters, placed);

  const select = useCallback(
    (order: OrderView | null) => {
      urlOrder.current = null;
      setSelected(order);
      setFilters({ order: order?.id ?? null });
    },
    [setFilters],
  );

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
    void client.invalidateQueries({ queryKey: [ROUTES.stats.path] });
    void client.invalidateQueries({ queryKey: [ROUTES.analytics.path] });
  }, [grid, client]);

  const { datasource, count, widenedSearch, loadError } = useDeskRows({
    filters,
    placed,
    setSelected,
    urlOrder,
    refresh,
  });

  const action = useOrderAction((answer, request) => {
    if (request.button === 'delete') select(null);
    else if (answer.order) setSelected(answer.order);
    refresh();
  });

  const retryLink = useMutation({
    mutationFn: (order: OrderView) =>
      apiClient.call(ROUTES.orderPaymentLink, { params: { id: order.id } }),
    onSuccess: (res) => {
      setSelected(res.order);
      refresh();
      toast(res.message, undefined, res.success ? 'success' : 'warning');
    },
    onError: (err) => toast('Update Failed', messageOf(err, 'Failed to update order status')),
  });

  const today = bakeryToday();
  const printDay = pickListDay(filters, today);

  const clearTicked = useCallback(() => {
    grid?.deselectAll();
    setTicked([]);
  }, [grid]);

  return (
    <div className="desk">
      {loadError && (
        <Callout intent="danger" role="alert" className="banner compact-callout">
          {loadError}
        </Callout>
      )}
      <DeskToolbar
        filters={filters}
        setFilters={setFilters}
        search={search}
        setSearch={setSearch}
        placed={placed}
        clearPlaced={clearPlaced}
        count={count}
      />
      <CounterBar
        ticked={ticked}
        clearTicked={clearTicked}
        day={printDay}
        isToday={printDay === today}
        open={select}
        openForHandOver={(order) => {
          select(order);
          setRequested({ id: order.id, request: { button: 'fulfill' } });
        }}
        selected={selected}
        print={setPaper}
        refresh={refresh}
      />
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
            onTick={setTicked}
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
      {paper && <DeskPaper paper={paper} setPaper={setPaper} />}
    </div>
  );
}
