// The back office keeps its tab, the desk's filters and the placed-date range
// in the URL. react-router's setSearchParams(prev => ...) gives `prev` as the
// component saw the URL at its last render, so a change made just after
// another one (a tab click, then the desk's refresh selecting an order) or
// from a callback made earlier put back what the other had just changed: the
// Overview tab could snap back to the desk. Each change here starts from the
// URL as the last change, or the last navigation, left it.
import { useCallback, useLayoutEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/** The search string as the last change or navigation left it (shared by every user of the hook). */
let latest: string | null = null;

export function useUrlParams(): [
  URLSearchParams,
  (edit: (params: URLSearchParams) => void) => void,
] {
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  useLayoutEffect(() => {
    latest = search;
  }, [search]);
  const change = useCallback(
    (edit: (params: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest ?? search);
      edit(next);
      latest = `?${next.toString()}`;
      setParams(next, { replace: true });
    },
    [setParams, search],
  );
  return [params, change];
}
