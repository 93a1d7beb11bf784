// Where the window may go. The app's own pages (file:// of the packaged
// renderer, or the dev server) and the configured server stay inside; http(s)
// links elsewhere (Square payment pages, mailto) go to the system browser;
// everything else is refused.

export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

export type NavigationDecision = 'allow' | 'external' | 'deny';

export function decideNavigation(
  url: string,
  serverUrl: string,
  appUrl: string,
): NavigationDecision {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'deny';
  }
  if (parsed.protocol === 'file:' && appUrl.startsWith('file:')) return 'allow';
  if (sameOrigin(url, appUrl) && !appUrl.startsWith('file:')) return 'allow';
  if (sameOrigin(url, serverUrl)) return 'allow';
  if (parsed.protocol === 'https:' || parsed.protocol === 'http:' || parsed.protocol === 'mailto:')
    return 'external';
  return 'deny';
}

interface OpenHandlerDetails {
  url: string;
}

export interface WebContentsLike {
  setWindowOpenHandler(handler: (details: OpenHandlerDetails) => { action: 'deny' }): void;
  on(
    event: 'will-navigate',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): unknown;
}

/** New windows are never created inside the app; allowed links go to the browser. */
export function guardWebContents(
  contents: WebContentsLike,
  getServerUrl: () => string,
  appUrl: string,
  openExternal: (url: string) => Promise<void> | void,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    // Even the server's own pages open in the browser, but never a file: URL.
    if (/^(https?|mailto):/i.test(url)) void openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    const decision = decideNavigation(url, getServerUrl(), appUrl);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'external') void openExternal(url);
  });
}

/** The content security policy of the app's pages: scripts only from the app,
 * network only to the configured server. */
export function contentSecurityPolicy(serverUrl: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${serverUrl}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
