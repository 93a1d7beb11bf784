// A kitchen panel's data for a range of pickup dates (issue 21 split): the
// range the panel's bar sets and the answer of `path` for it, the previous
// answer kept on screen while the next one loads.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { rangeParams, type KitchenRangeValue } from './shared';

export function useKitchenRange<T>(path: string, initialRange: KitchenRangeValue) {
  const [range, setRange] = useState(initialRange);
  const query = useQuery({
    queryKey: [path, range.fromDate, range.toDate],
    queryFn: () => api<T>(`${path}${rangeParams(range)}`),
    placeholderData: (prev) => prev,
  });
  return { range, setRange, query };
}
