// The owner's pickup windows (issue 37), so the desk says an order's window
// ("Sat, Dec 5 · 8:00 AM – 10:00 AM", core's dueLabel) where it said the
// window's start. Until they arrive, or without an answer, the time stands.
import { ROUTES, type WindowShape } from '@bakery/core';
import { useApiQuery } from '../api/useApiQuery';

const NONE: WindowShape[] = [];

export function usePickupWindows(): WindowShape[] {
  return useApiQuery([ROUTES.pickupWindows.path], ROUTES.pickupWindows).data ?? NONE;
}
