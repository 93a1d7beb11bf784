// The usual screen read: one GET of the route map without path parameters,
// cached under its key, its answer typed by the map (client.call), not by
// the caller.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { AnswerOf, RouteSpec } from '@bakery/core';
import { client } from './client';

export const useApiQuery = <R extends RouteSpec>(
  queryKey: QueryKey,
  route: R,
  options: { enabled?: boolean } = {},
) =>
  useQuery<AnswerOf<R>>({
    queryKey,
    // A route without parameters takes no options; the map's answer type stands.
    queryFn: () => client.call(route as RouteSpec) as Promise<AnswerOf<R>>,
    ...options,
  });
