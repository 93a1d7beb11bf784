// Test harness for renderer components: the real providers around a screen,
// and the network boundary (fetch) answered from a route table. Nothing of our
// own code is replaced.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { BridgeSettings } from '../../../shared/bridge';
import { createQueryClient } from '../queryClient';
import { SettingsContext } from '../platform/settingsContext';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
}

/** An answer: status, body, and headers beside the JSON content type (a file's Content-Disposition). */
type Answer = [number, unknown] | [number, unknown, Record<string, string>];

/** `METHOD /path` (query string included when the route names one) -> [status, body, headers?]. */
export type Routes = Record<string, (call: Call) => Answer | Promise<Answer>>;

export function stubFetch(routes: Routes): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://admin.test');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers as Record<string, string> | undefined) ?? {},
      credentials: init.credentials,
    };
    calls.push(call);
    const handler =
      routes[`${call.method} ${call.path}`] ?? routes[`${call.method} ${url.pathname}`];
    const [status, body, headers]: Answer = handler
      ? await handler(call)
      : [404, { message: `No route ${call.method} ${call.path}` }];
    const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
    return new Response(status === 204 ? null : text, {
      status,
      statusText: status === 200 ? 'OK' : 'Error',
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  return calls;
}

export function renderScreen(
  ui: ReactNode,
  {
    theme = 'light',
    path = '/admin/dashboard',
  }: { theme?: BridgeSettings['theme']; path?: string } = {},
) {
  const client = createQueryClient();
  const settings: BridgeSettings = { serverUrl: '', theme, configured: true };
  return render(
    <SettingsContext.Provider value={{ settings, update: async () => {} }}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </SettingsContext.Provider>,
  );
}

/** The text of the toast on screen (spec 9: at most one at once). */
export function toastText(): string {
  return [...document.querySelectorAll('.bp6-toast')].map((t) => t.textContent ?? '').join(' | ');
}

/**
 * The browser's download links, clicked but not followed: the file names
 * they save under, in order (object URLs stubbed).
 */
export function downloadsSaved(): string[] {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return names;
}
