import { QueryClient } from '@tanstack/react-query';

// Spec 7: cached data never goes stale by itself, no focus refetch, no retry
// (the screens that differ say so where they query).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
