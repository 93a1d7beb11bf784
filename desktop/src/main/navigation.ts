// Where the window may go, who may talk to the main process, and which
// permissions a page gets (issue 15, finding 8). The app's own page (the
// packaged renderer's index.html, or the dev server) and the configured server
// stay inside; http(s) links elsewhere (Square payment pages, mailto) go to
// the system browser; everything else is refused, redirects included.

export function sameOrigin(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    // file: URLs all have the origin 'null': they are never "the same origin".
    return x.origin !== 'null' && x.origin === y.origin;
  } catch {
    return false;
  }
}

/** A file: URL without its query and hash (the page itself). */
function filePage(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'file:') return null;
    return `file://${parsed.host}${parsed.pathname}`;
  } catch {
    return null;
  }
}

/** Whether `url` is the app's own page: the bundled index.html (any hash), or the dev server. */
export function isAppPage(url: string, appUrl: string): boolean {
  const app = filePage(appUrl);
  if (app) return filePage(url) === app;
  return sameOrigin(url, appUrl);
}

/** localhost, 127.0.0.0/8 and ::1: the only hosts the app may reach over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
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
  // Only the app's own page among file: URLs (never /etc/passwd or a download).
  if (parsed.protocol === 'file:') return appUrl && isAppPage(url, appUrl) ? 'allow' : 'deny';
  if (appUrl && isAppPage(url, appUrl)) return 'allow';
  if (serverUrl && sameOrigin(url, serverUrl)) return 'allow';
  if (parsed.protocol === 'https:' || parsed.protocol === 'http:' || parsed.protocol === 'mailto:')
    return 'external';
  return 'deny';
}

/**
 * Whether an IPC message comes from a page of the app: the main frame's URL is
 * the app's own page or the configured server (which serves the same back
 * office). Anything else (another site the window was tricked into, an
 * iframe, a file: page) is refused.
 */
export function isTrustedSender(
  frameUrl: string | undefined,
  isMainFrame: boolean,
  serverUrl: string,
  appUrl: string,
): boolean {
  if (!frameUrl || !isMainFrame) return false;
  return isAppPage(frameUrl, appUrl) || sameOrigin(frameUrl, serverUrl);
}

/** Permissions a page of the app may have; everything else is denied (default deny). */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set([
  'notifications',
  'clipboard-sanitized-write',
]);

export function permissionAllowed(
  permission: string,
  requestingUrl: string | undefined,
  serverUrl: string,
  appUrl: string,
): boolean {
  if (!ALLOWED_PERMISSIONS.has(permission) || !requestingUrl) return false;
  return isAppPage(requestingUrl, appUrl) || sameOrigin(requestingUrl, serverUrl);
}

interface OpenHandlerDetails {
  url: string;
}

type NavigationListener = (event: { preventDefault(): void }, url: string) => void;

export interface WebContentsLike {
  setWindowOpenHandler(handler: (details: OpenHandlerDetails) => { action: 'deny' }): void;
  on(event: 'will-navigate' | 'will-redirect', listener: NavigationListener): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
}

/**
 * New windows are never created inside the app (allowed links go to the
 * browser); a navigation or a redirect that would leave the app is stopped
 * the same way; <webview> is never attached. index.ts applies this to every
 * web contents the app creates (`web-contents-created`), not only the window.
 */
export function guardWebContents(
  contents: WebContentsLike,
  getServerUrl: () => string,
  appUrl: string,
  openExternal: (url: string) => Promise<void> | void,
): void {
  const open = (url: string) => {
    void Promise.resolve(openExternal(url)).catch(() => undefined);
  };
  contents.setWindowOpenHandler(({ url }) => {
    // Even the server's own pages open in the browser, but never a file: URL.
    if (decideNavigation(url, getServerUrl(), appUrl) !== 'deny' && /^(https?|mailto):/i.test(url))
      open(url);
    return { action: 'deny' };
  });
  const guard: NavigationListener = (event, url) => {
    const decision = decideNavigation(url, getServerUrl(), appUrl);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'external') open(url);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
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
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
