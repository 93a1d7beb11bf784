// The desk's grid: renders pages the root's datasource fetches (AG Grid's
// infinite row model); one renderer per column, no data fetching here.
import { useMemo, type ReactNode } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GridApi, IDatasource } from 'ag-grid-community';
import { dueLabel, formatDollars, itemsSummary, methodLabel, type OrderView } from '@bakery/core';
import { FulfillmentBadge, PaymentBadge } from './OrderBadges';
import { usePickupWindows } from './usePickupWindows';

export const DESK_BLOCK = 100;

const NOT_SORTABLE = { sortable: false };

/** A column drawn as a badge; blank while its page of rows is still loading. */
const badgeColumn = (
  headerName: string,
  colId: string,
  width: number,
  badge: (order: OrderView) => ReactNode,
): ColDef<OrderView> => ({
  headerName,
  colId,
  width,
  cellRenderer: (p: { data?: OrderView }) => (p.data ? badge(p.data) : null),
  ...NOT_SORTABLE,
});

export function OrdersTable({
  datasource,
  onReady,
  onSelect,
  onTick,
  onShortcut,
  selectedId,
}: {
  datasource: IDatasource;
  onReady(api: GridApi<OrderView>): void;
  onSelect(order: OrderView): void;
  /** The rows ticked for a bulk action (checkbox or Space), in the grid's order. */
  onTick?(orders: OrderView[]): void;
  /** A counter shortcut pressed on a row (issue 23): R marks it ready, H hands it over. */
  onShortcut?(order: OrderView, button: 'markReady' | 'fulfill'): void;
  selectedId: string | null;
}) {
  const windows = usePickupWindows();
  const columns = useMemo<ColDef<OrderView>[]>(
    () => [
      { headerName: 'Order', field: 'orderNumber', width: 90, ...NOT_SORTABLE },
      {
        headerName: 'Customer',
        colId: 'customer',
        field: 'customerName',
        flex: 1.1,
        minWidth: 120,
      },
      {
        headerName: 'Due',
        colId: 'due',
        width: 164,
        sort: 'asc',
        valueGetter: (p) => (p.data ? dueLabel(p.data, windows) : ''),
        // Issue 37: a window ("Sat, Dec 5 · 8:00 AM – 10:00 AM") is longer than
        // the column the desk has room for at 1280 px: all of it on hover, and
        // in the order's detail beside the grid.
        tooltipValueGetter: (p) => (p.data ? dueLabel(p.data, windows) : ''),
      },
      {
        headerName: 'Method',
        colId: 'method',
        width: 74,
        valueGetter: (p) => (p.data ? methodLabel(p.data.deliveryMethod) : ''),
        ...NOT_SORTABLE,
      },
      {
        headerName: 'Items',
        colId: 'items',
        flex: 1.6,
        minWidth: 120,
        valueGetter: (p) => (p.data ? itemsSummary(p.data.items) : ''),
        tooltipValueGetter: (p) => (p.data ? itemsSummary(p.data.items) : ''),
        ...NOT_SORTABLE,
      },
      {
        headerName: 'Total',
        colId: 'total',
        field: 'total',
        width: 76,
        type: 'rightAligned',
        valueFormatter: (p) => (p.data ? formatDollars(p.value as number) : ''),
      },
      // Wide enough for "Completed" and "Out for delivery" (issue 23: "Comple…").
      badgeColumn('Payment', 'payment', 100, (o) => <PaymentBadge status={o.paymentStatus} />),
      badgeColumn('Status', 'status', 124, (o) => <FulfillmentBadge order={o} />),
    ],
    [windows],
  );

  return (
    <AgGridReact<OrderView>
      rowModelType="infinite"
      datasource={datasource}
      cacheBlockSize={DESK_BLOCK}
      maxBlocksInCache={20}
      columnDefs={columns}
      defaultColDef={{ sortable: true, resizable: true, filter: false, suppressMovable: true }}
      getRowId={(p) => (p.data as OrderView).id}
      // Ticks (a checkbox, or Space on a row) choose rows for the counter's bulk
      // actions; a click or Enter opens one order in the detail.
      rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: false }}
      selectionColumnDef={{ width: 40, pinned: 'left', suppressHeaderMenuButton: true }}
      onSelectionChanged={(e) => onTick?.(e.api.getSelectedRows())}
      onGridReady={(e) => onReady(e.api)}
      onRowClicked={(e) => e.data && onSelect(e.data)}
      onCellKeyDown={(e) => {
        const event = e.event as KeyboardEvent | undefined;
        const k = event?.key;
        if (!e.data || !event || event.ctrlKey || event.metaKey || event.altKey) return;
        if (k === 'Enter') onSelect(e.data);
        else if ((k === 'r' || k === 'R') && onShortcut) onShortcut(e.data, 'markReady');
        else if ((k === 'h' || k === 'H') && onShortcut) onShortcut(e.data, 'fulfill');
      }}
      // The grid is one Tab stop: arrows move inside it, Tab goes on to the detail.
      tabToNextCell={() => false}
      rowClassRules={{ 'row-selected': (p) => Boolean(p.data && p.data.id === selectedId) }}
      rowHeight={32}
      headerHeight={34}
      overlayNoRowsTemplate="No orders due in this range"
    />
  );
}
