// HTTP to the staff API (docs/api.md). The base is '' (same origin) in the
// browser and when Electron loaded the screens from the server itself.
import { ApiError, createApiClient, ROUTES, routeUrl, type RouteSpec } from '@bakery/core';

let base = '';

export function setApiBase(serverUrl: string): void {
  base =
    serverUrl && typeof location !== 'undefined' && serverUrl === location.origin
      ? ''
      : serverUrl.replace(/\/$/, '');
}

/** The URL of a page or a picture of the server (a photo, /login); calls go through `client`. */
export function apiUrl(path: string): string {
  return `${base}${path}`;
}

/**
 * The full URL of a route of the map, for the few requests that need fetch's
 * own options (a reachability check without CORS, the offline queue's
 * replay with its own answers to a 401); every other call is `client.call`.
 */
export function routeHref(
  route: RouteSpec,
  params?: Record<string, string>,
  query?: Parameters<typeof routeUrl>[2],
): string {
  return `${base}${routeUrl(route, params, query)}`;
}

// One error type for both clients: status, code and the server's message.
export { ApiError };

/** Calls whose 401 is an answer, not an ended session (they decide who is signed in). */
const SESSION_PROBES = [
  ROUTES.adminMe,
  ROUTES.adminAutoLogin,
  ROUTES.adminLogin,
  ROUTES.logout,
].map((route) => route.path);

let onUnauthorized: (() => void) | null = null;

/**
 * What to do when a call answers 401 because the session ended (issue 12: go
 * back to /admin/login with a message, then return). The dashboard installs it.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

function sessionEnded(path: string, status: number) {
  if (status === 401 && onUnauthorized && !SESSION_PROBES.some((p) => path.startsWith(p)))
    onUnauthorized();
}

/** The desktop's typed client: `client.call(ROUTES.adminReviews)`. */
export const client = createApiClient({
  base: () => base,
  onError: (error, route) => sessionEnded(route.path, error.status),
});

export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  return fallback;
}
