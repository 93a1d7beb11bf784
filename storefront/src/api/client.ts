// The data layer of spec section 7: every call sends cookies, a JSON content
// type only when there is a body, and a non-OK answer becomes core's ApiError
// (status, code, message) whose text is "status: body" (or the status text
// when the body is empty), the one error type of both clients.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import {
  ApiError,
  apiErrorCode,
  apiErrorMessage,
  createApiClient,
  throwUnlessOk,
  type ErrorCode,
} from '@bakery/core';

/** The storefront's typed client: `api.call(PUBLIC_READS.menu)` (PUBLIC_READS, not ROUTES: a smaller first load). */
export const api = createApiClient();

async function throwIfNotOk(res: Response): Promise<void> {
  await throwUnlessOk(res);
}

export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** A POST answered `{ success, message }` (the password-reset calls): `success: false` throws as a refusal. */
export async function postForSuccess(url: string, body: unknown): Promise<void> {
  const res = await apiRequest('POST', url, body);
  const answer = (await res.json()) as { success?: boolean; message?: string };
  if (!answer.success) throw new ApiError(400, JSON.stringify({ message: answer.message }));
}

/** The server's { message } of an error, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return apiErrorMessage(error, fallback);
}

/** The stable `code` of an error's answer (core's ERROR_CODES). */
export function errorCode(error: unknown): ErrorCode | undefined {
  return apiErrorCode(error);
}

/** True when the error came from the network rather than an answer. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

type On401 = 'returnNull' | 'throw';

/** Default loader: GET the path formed by joining the query key with slashes. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
