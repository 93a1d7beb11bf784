// The usual screen read: one GET of the staff API, cached under its key.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from './client';

export const useApiQuery = <T>(
  queryKey: QueryKey,
  path: string,
  options: { enabled?: boolean } = {},
) => useQuery({ queryKey, queryFn: () => api<T>(path), ...options });
