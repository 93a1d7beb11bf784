// The desk's grid: renders pages the root's datasource fetches (AG Grid's
// infinite row model); one renderer per column, no data fetching here.
import { useMemo } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GridApi, IDatasource } from 'ag-grid-community';
import { dueLabel, formatDollars, itemsSummary, methodLabel, type OrderView } from '@bakery/core';
import { FulfilmentBadge, PaymentBadge } from './OrderBadges';

export const DESK_BLOCK = 100;

const NOT_SORTABLE = { sortable: false };

export function OrdersTable({
  datasource,
  onReady,
  onSelect,
  selectedId,
}: {
  datasource: IDatasource;
  onReady(api: GridApi<OrderView>): void;
  onSelect(order: OrderView): void;
  selectedId: string | null;
}) {
  const columns = useMemo<ColDef<OrderView>[]>(
    () => [
      { headerName: 'Order', field: 'orderNumber', width: 94, ...NOT_SORTABLE },
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
        width: 174,
        sort: 'asc',
        valueGetter: (p) => (p.data ? dueLabel(p.data) : ''),
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
      {
        headerName: 'Payment',
        colId: 'payment',
        field: 'paymentStatus',
        width: 88,
        cellRenderer: (p: { value?: string }) =>
          p.value ? <PaymentBadge status={p.value} /> : null,
        ...NOT_SORTABLE,
      },
      {
        headerName: 'Status',
        colId: 'status',
        width: 100,
        cellRenderer: (p: { data?: OrderView }) =>
          p.data ? <FulfilmentBadge order={p.data} /> : null,
        ...NOT_SORTABLE,
      },
    ],
    [],
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
      rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
      onGridReady={(e) => onReady(e.api)}
      onRowClicked={(e) => e.data && onSelect(e.data)}
      onCellKeyDown={(e) => {
        const k = (e.event as KeyboardEvent | undefined)?.key;
        if ((k === 'Enter' || k === ' ') && e.data) onSelect(e.data);
      }}
      rowClassRules={{ 'row-selected': (p) => Boolean(p.data && p.data.id === selectedId) }}
      rowHeight={32}
      headerHeight={34}
      overlayNoRowsTemplate="No orders due in this range"
    />
  );
}
