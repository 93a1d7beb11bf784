// The data layer of spec section 7: every call sends cookies, a JSON content
// type only when there is a body, and a non-OK answer becomes core's ApiError
// (status, code, message) whose text is "status: body" (or the status text
// when the body is empty), the one error type of both clients.
import { QueryClient } from '@tanstack/react-query';
import {
  ApiError,
  apiErrorCode,
  apiErrorMessage,
  createApiClient,
  type DoneAnswer,
  type ErrorCode,
} from '@bakery/core';

/**
 * The storefront's typed client, its one door to the API:
 * `api.call(PUBLIC_READS.menu)`. The modules of the first load call through
 * PUBLIC_READS and SHOP_CALLS, not ROUTES: a smaller first load.
 */
export const api = createApiClient();

/** A read whose 401 is an answer (nobody signed in): null. */
export function nullWhenSignedOut<T>(answer: Promise<T>): Promise<T | null> {
  return answer.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  });
}

/** An answer `{ success, message }` (the password-reset calls): `success: false` throws as a refusal. */
export function refuseUnlessSuccess(answer: DoneAnswer): void {
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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
