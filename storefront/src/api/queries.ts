// Query hooks: one per read of spec section 7.
import { createContext, useEffect, useSyncExternalStore } from 'react';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  catalogueVersion,
  currentCatalogue,
  onCatalogue,
  PUBLIC_READS,
  SHOP_CALLS,
  setCatalogue,
  type AdminMeView,
  type AvailabilityOfferView,
  type AnswerOf,
  type DropList,
  type OrderView,
  type UserView,
  type PaymentStatusView,
} from '@bakery/core';
import { api, createQueryClient, nullWhenSignedOut } from './client';

// The map itself stays out of the storefront's first load: PUBLIC_READS and SHOP_CALLS.
export const USER_KEY = [SHOP_CALLS.user.path] as const;
export const MY_ORDERS_KEY = [SHOP_CALLS.myOrders.path] as const;
export const REVIEWS_KEY = [SHOP_CALLS.reviews.path] as const;
export const ADMIN_ME_KEY = [SHOP_CALLS.adminMe.path] as const;

/**
 * True on a page the API served to a visitor without a session cookie (a
 * prerendered guest.html, e.g. /order): nobody is signed in.
 */
export const GuestPage = createContext(false);

/**
 * The app's query client; on a guest page it already knows nobody is signed
 * in, as a customer or as staff (the admin session is a mark on the same
 * session), so a visitor's page asks neither /api/user nor /api/admin/me.
 */
export function createPageClient(guest: boolean): QueryClient {
  const client = createQueryClient();
  if (guest) {
    client.setQueryData(USER_KEY, null);
    client.setQueryData(ADMIN_ME_KEY, null);
  }
  return client;
}

/** GET /api/admin/me: core's AdminMeView. */
export type AdminIdentity = AdminMeView;

export function useUser() {
  const query = useQuery<UserView | null>({
    queryKey: USER_KEY,
    queryFn: () => nullWhenSignedOut(api.call(SHOP_CALLS.user)),
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

export function useAdminIdentity(enabled = true) {
  return useQuery<AdminIdentity | null>({
    queryKey: ADMIN_ME_KEY,
    queryFn: () => nullWhenSignedOut(api.call(SHOP_CALLS.adminMe)),
    retry: false,
    enabled,
  });
}

/** Where the next (older) page of an answer of GET /api/my-orders starts, if there is one. */
const nextCursors = new WeakMap<OrderView[], string>();
export const olderOrdersCursor = (orders: OrderView[] | undefined) =>
  orders ? (nextCursors.get(orders) ?? null) : null;

/** One page of my orders (newest first); the server names the next page in X-Next-Cursor. */
async function ordersPage(before: string | null): Promise<OrderView[]> {
  const { answer: orders, headers } = await api.read(SHOP_CALLS.myOrders, {
    query: { before },
  });
  const next = headers.get('X-Next-Cursor');
  if (next) nextCursors.set(orders, next);
  return orders;
}

/** The latest orders (the server's first page); olderOrdersCursor(data) says whether more exist. */
export function useMyOrders(enabled: boolean) {
  return useQuery<OrderView[]>({
    queryKey: MY_ORDERS_KEY,
    queryFn: () => ordersPage(null),
    enabled,
  });
}

/** Older orders, a page at a time from the cursor the latest page ended with, once `enabled`. */
export function useOlderOrders(cursor: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...MY_ORDERS_KEY, 'older', cursor],
    queryFn: ({ pageParam }) => ordersPage(pageParam),
    initialPageParam: cursor ?? '',
    getNextPageParam: (page: OrderView[]) => olderOrdersCursor(page) ?? undefined,
    enabled: enabled && cursor !== null,
  });
}

export function useReviews() {
  return useQuery({ queryKey: REVIEWS_KEY, queryFn: () => api.call(SHOP_CALLS.reviews) });
}

export const PAYMENT_POLL_MS = 3000;

/** The cache key of an order's payment status (the confirmation page asks it again). */
export const paymentStatusKey = (id: string | null) => [SHOP_CALLS.paymentStatus.path, id ?? ''];

/** Payment status of an order; `poll(data)` says whether to refetch every 3 seconds. */
export function usePaymentStatus(
  id: string | null,
  poll: (data: PaymentStatusView | undefined) => boolean,
) {
  return useQuery<PaymentStatusView>({
    queryKey: paymentStatusKey(id),
    queryFn: () => api.call(SHOP_CALLS.paymentStatus, { params: { orderOrReferenceId: id ?? '' } }),
    enabled: Boolean(id),
    refetchInterval: (query) => (poll(query.state.data) ? PAYMENT_POLL_MS : false),
  });
}

/**
 * The kitchen's room per pickup date (closed dates, full categories, cakes
 * left). Re-read when the order page mounts: capacity changes as others order.
 */
export function useAvailability(fromDate: string, toDate: string) {
  return useQuery<AvailabilityOfferView>({
    queryKey: [SHOP_CALLS.availability.path, fromDate, toDate],
    queryFn: () => api.call(SHOP_CALLS.availability, { query: { fromDate, toDate } }),
    staleTime: 0,
    refetchOnMount: 'always',
    // Issue 25: what is left changes as others order; an open order page follows it.
    refetchInterval: AVAILABILITY_POLL_MS,
  });
}

export const AVAILABILITY_POLL_MS = 15_000;

/**
 * Issue 22: a menu published while the page is open is put in force here.
 * The availability answer (read every 15 s) names the published version;
 * when the page's catalogue is another, GET /api/catalogue is read and handed
 * to core, and the caller renders again: a date an item of the cart is now
 * sold out on greys, with its reason. Asked again at each poll until they agree.
 */
export function useFollowPublishedMenu(version: number | undefined, polledAt: number) {
  useSyncExternalStore(onCatalogue, currentCatalogue, currentCatalogue);
  useEffect(() => {
    if (!version || version === catalogueVersion()) return;
    let wanted = true;
    api
      .call(PUBLIC_READS.catalogue)
      .then((published) => {
        if (wanted && (published.version ?? 1) !== catalogueVersion()) setCatalogue(published);
      })
      // Offline or refused: the next poll asks again.
      .catch(() => undefined);
    return () => {
      wanted = false;
    };
  }, [version, polledAt]);
}

/** Issue 25: the drops open now or to come, with what is left (GET /api/drops). */
export function useDrops() {
  return useQuery<DropList>({
    queryKey: [SHOP_CALLS.drops.path],
    queryFn: () => api.call(SHOP_CALLS.drops),
    staleTime: 0,
    refetchInterval: AVAILABILITY_POLL_MS,
  });
}

/**
 * Issue 37: the owner's pickup windows (GET /api/pickup-windows), so an order
 * booked in one reads "8:00 AM – 10:00 AM" (core's pickupWhenText); until
 * they arrive, or without an answer, its time stands.
 */
export function usePickupWindows() {
  return useQuery({
    queryKey: [SHOP_CALLS.pickupWindows.path],
    queryFn: () => api.call(SHOP_CALLS.pickupWindows),
  });
}

/** GET /api/config's answer, as the route map gives it. */
export type ShopConfig = AnswerOf<typeof PUBLIC_READS.config>;

/** GET /api/config: whether Square is set up (one payment message when it is not). */
export function useShopConfig() {
  return useQuery({
    queryKey: [PUBLIC_READS.config.path],
    queryFn: () => api.call(PUBLIC_READS.config),
  });
}
