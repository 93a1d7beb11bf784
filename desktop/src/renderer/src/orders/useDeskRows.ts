// The desk's rows: the grid's datasource over GET /api/admin/orders/desk (one
// block at a time, a search with no match in the chosen dates widened to all
// dates), and the 30 s poll that asks only what changed since the last answer.
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type MutableRefObject,
  type SetStateAction,
} from 'react';
import type { IDatasource } from 'ag-grid-community';
import { formatDollars, ROUTES, type OrderView } from '@bakery/core';
import { client, messageOf } from '../api/client';
import { bridge } from '../platform/bridge';
import type { DateRange } from '../dashboard/range';
import { DESK_BLOCK } from './OrdersTable';
import { deskFilterKey, deskQuery, type DeskFilters } from './deskParams';

const POLL_MS = 30_000;

export function useDeskRows({
  filters,
  placed,
  setSelected,
  urlOrder,
  refresh,
}: {
  filters: DeskFilters;
  placed: DateRange;
  setSelected: Dispatch<SetStateAction<OrderView | null>>;
  /** The order named in the URL when the desk opened, selected once a page lists it. */
  urlOrder: MutableRefObject<string | null>;
  refresh(): void;
}) {
  const [count, setCount] = useState<{ n: number; capped: boolean } | null>(null);
  // The search found nothing in the chosen dates and lists matches on all dates instead.
  const widened = useRef(false);
  const [widenedSearch, setWidenedSearch] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const asOf = useRef<string | null>(null);

  const filterKey = deskFilterKey(filters, placed);
  const datasource = useMemo<IDatasource>(() => {
    return {
      getRows(params) {
        const sort = params.sortModel[0];
        const pageOf = (f: typeof filters) =>
          client.call(ROUTES.desk, {
            query: Object.fromEntries(
              new URLSearchParams(
                deskQuery(f, placed, {
                  offset: params.startRow,
                  limit: Math.min(params.endRow - params.startRow, DESK_BLOCK),
                  sort: sort ? sort.colId : 'due',
                  dir: sort ? sort.sort : 'asc',
                }),
              ),
            ),
          });
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

  // The poll: only what changed since the last answer.
  useEffect(() => {
    const timer = setInterval(() => {
      if (!asOf.current) return;
      client
        .call(ROUTES.deskChanges, { query: { since: asOf.current } })
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
  }, [refresh, setSelected]);

  return { datasource, count, widenedSearch, loadError };
}
