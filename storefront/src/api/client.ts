// The data layer of spec section 7: every call sends cookies, a JSON content
// type only when there is a body, and a non-OK answer becomes an Error whose
// text is "status: body" (or the status text when the body is empty).
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { errorCodeOf, type ErrorCode } from '@bakery/core';

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
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
  if (!answer.success) throw new Error(`400: ${JSON.stringify({ message: answer.message })}`);
}

/** The server's {message} out of an "status: body" error, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return fallback;
  try {
    const body = JSON.parse(match[1]) as { message?: unknown; error?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON: fall through
  }
  return fallback;
}

/** The stable `code` of an "status: body" error's JSON body (core's ERROR_CODES). */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  try {
    return errorCodeOf(JSON.parse(match[1]));
  } catch {
    return undefined;
  }
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
