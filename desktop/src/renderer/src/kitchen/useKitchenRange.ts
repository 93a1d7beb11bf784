// A kitchen panel's data for a range of pickup dates (issue 21 split): the
// range the panel's bar sets and the answer of `route` for it, the previous
// answer kept on screen while the next one loads.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnswerOf, ROUTES, RouteSpec } from '@bakery/core';
import { client } from '../api/client';
import type { KitchenRangeValue } from './shared';

/** The kitchen's reads of a range of pickup dates. */
type RangeRoute = typeof ROUTES.bakeSheet | typeof ROUTES.margins;

export function useKitchenRange<R extends RangeRoute>(route: R, initialRange: KitchenRangeValue) {
  const [range, setRange] = useState(initialRange);
  const query = useQuery({
    queryKey: [route.path, range.fromDate, range.toDate],
    // Both take the range and nothing else; the map's answer type stands.
    queryFn: () => client.call(route as RouteSpec, { query: { ...range } }) as Promise<AnswerOf<R>>,
    placeholderData: (prev) => prev,
  });
  return { range, setRange, query };
}
