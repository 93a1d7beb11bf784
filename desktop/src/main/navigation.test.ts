import { describe, expect, it, vi } from 'vitest';
import {
  contentSecurityPolicy,
  decideNavigation,
  guardWebContents,
  type WebContentsLike,
} from './navigation';

const server = 'http://localhost:3000';
const app = 'file:///opt/bakery/resources/app.asar/out/renderer/index.html';

function fakeContents() {
  let openHandler: ((d: { url: string }) => { action: 'deny' }) | undefined;
  let navigate: ((e: { preventDefault(): void }, url: string) => void) | undefined;
  const contents: WebContentsLike = {
    setWindowOpenHandler: (h) => {
      openHandler = h;
    },
    on: (_event, listener) => {
      navigate = listener;
    },
  };
  return {
    contents,
    open: (url: string) => openHandler!({ url }),
    navigate: (url: string) => {
      const e = { preventDefault: vi.fn() };
      navigate!(e, url);
      return e.preventDefault.mock.calls.length > 0;
    },
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
  });
});
