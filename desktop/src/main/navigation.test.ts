import { describe, expect, it, vi } from 'vitest';
import {
  contentSecurityPolicy,
  decideNavigation,
  guardWebContents,
  isLoopbackHost,
  isTrustedSender,
  permissionAllowed,
  type WebContentsLike,
} from './navigation';

const server = 'http://localhost:3000';
const app = 'file:///opt/bakery/resources/app.asar/out/renderer/index.html';

function fakeContents() {
  let openHandler: ((d: { url: string }) => { action: 'deny' }) | undefined;
  const listeners: Record<string, (e: { preventDefault(): void }, url?: string) => void> = {};
  const contents: WebContentsLike = {
    setWindowOpenHandler: (h) => {
      openHandler = h;
    },
    on: ((event: string, listener: (e: { preventDefault(): void }, url?: string) => void) => {
      listeners[event] = listener;
    }) as WebContentsLike['on'],
  };
  /** True when the guard stopped the event. */
  const fire = (event: string, url?: string) => {
    const e = { preventDefault: vi.fn() };
    listeners[event]!(e, url);
    return e.preventDefault.mock.calls.length > 0;
  };
  return {
    contents,
    open: (url: string) => openHandler!({ url }),
    navigate: (url: string) => fire('will-navigate', url),
    redirect: (url: string) => fire('will-redirect', url),
    attachWebview: () => fire('will-attach-webview'),
  };
}

describe('navigation guard', () => {
  it('keeps the configured server and the app inside, sends web links out, refuses the rest', () => {
    expect(decideNavigation('http://localhost:3000/admin/dashboard', server, app)).toBe('allow');
    expect(
      decideNavigation(
        'file:///opt/bakery/resources/app.asar/out/renderer/index.html#/admin/login',
        server,
        app,
      ),
    ).toBe('allow');
    expect(decideNavigation('https://sandbox.square.link/u/abc', server, app)).toBe('external');
    expect(decideNavigation('http://localhost:3001/', server, app)).toBe('external');
    expect(decideNavigation('javascript:alert(1)', server, app)).toBe('deny');
    expect(decideNavigation('smb://host/share', server, app)).toBe('deny');
  });

  it('never opens a new Electron window; a payment link goes to the system browser', () => {
    const openExternal = vi.fn();
    const f = fakeContents();
    guardWebContents(f.contents, () => server, app, openExternal);
    expect(f.open('https://square.link/u/pay')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://square.link/u/pay');
    expect(f.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('blocks navigation away from the server and follows a changed server setting', () => {
    const openExternal = vi.fn();
    let current = server;
    const f = fakeContents();
    guardWebContents(f.contents, () => current, app, openExternal);
    expect(f.navigate('http://localhost:3000/admin/login')).toBe(false);
    expect(f.navigate('https://evil.example/phish')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://evil.example/phish');
    current = 'https://bakery.example';
    expect(f.navigate('http://localhost:3000/admin/login')).toBe(true);
    expect(f.navigate('https://bakery.example/admin/dashboard')).toBe(false);
  });

  it('builds a CSP that allows scripts only from the app and network only to the server', () => {
    const csp = contentSecurityPolicy(server);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ${server}`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("form-action 'self'");
  });
});

// Issue 15, finding 8: the shell's guards.
describe('file: pages, redirects, webviews', () => {
  it("allows only the app's own page among file: URLs", () => {
    expect(decideNavigation(`${app}#/admin/dashboard`, server, app)).toBe('allow');
    expect(decideNavigation(`${app}?x=1`, server, app)).toBe('allow');
    expect(decideNavigation('file:///etc/passwd', server, app)).toBe('deny');
    expect(decideNavigation('file:///home/staff/Downloads/orders.html', server, app)).toBe('deny');
    expect(
      decideNavigation(
        'file:///opt/bakery/resources/app.asar/out/renderer/other.html',
        server,
        app,
      ),
    ).toBe('deny');
    // From the dev server, no file: page at all.
    expect(decideNavigation('file:///etc/passwd', server, 'http://localhost:5173')).toBe('deny');
  });

  it('stops a redirect out of the app like a navigation, and never attaches a <webview>', () => {
    const openExternal = vi.fn();
    const f = fakeContents();
    guardWebContents(f.contents, () => server, app, openExternal);
    expect(f.redirect('http://localhost:3000/admin/login')).toBe(false);
    expect(f.redirect('https://evil.example/phish')).toBe(true);
    expect(f.redirect('file:///etc/passwd')).toBe(true);
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(f.attachWebview()).toBe(true);
  });
});

describe('IPC senders', () => {
  it('trusts the main frame of the app page or the configured server only', () => {
    expect(isTrustedSender(`${app}#/admin`, true, server, app)).toBe(true);
    expect(isTrustedSender('http://localhost:3000/admin/dashboard', true, server, app)).toBe(true);
    expect(isTrustedSender('http://localhost:3000/admin/dashboard', false, server, app)).toBe(
      false,
    );
    expect(isTrustedSender('https://evil.example/', true, server, app)).toBe(false);
    expect(isTrustedSender('http://localhost:3001/', true, server, app)).toBe(false);
    expect(isTrustedSender('file:///tmp/x.html', true, server, app)).toBe(false);
    expect(isTrustedSender(undefined, true, server, app)).toBe(false);
  });
});

describe('permissions', () => {
  it('deny by default; notifications only for the app and the server', () => {
    expect(permissionAllowed('notifications', `${app}#/admin`, server, app)).toBe(true);
    expect(permissionAllowed('notifications', 'http://localhost:3000/', server, app)).toBe(true);
    expect(permissionAllowed('notifications', 'https://evil.example/', server, app)).toBe(false);
    for (const permission of ['media', 'geolocation', 'openExternal', 'hid', 'fileSystem'])
      expect(permissionAllowed(permission, `${app}#/admin`, server, app)).toBe(false);
    expect(permissionAllowed('notifications', undefined, server, app)).toBe(false);
  });

  it('knows the loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.0.0.5', 'localhost.evil.example', '128.0.0.1', 'bakery.example'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
