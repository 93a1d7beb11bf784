// Issue 42: in the browser, the desk's screens are kept by a service worker
// (serviceWorker.ts, written to /admin/sw.js by the web build) so the desk
// opens while the whole server is down. The desktop app bundles its screens
// and needs none; a development server has no sw.js.
import { bridge } from '../platform/bridge';

export function registerServiceWorker(): void {
  if (bridge.kind !== 'browser' || !import.meta.env.PROD) return;
  if (!('serviceWorker' in navigator) || !location.pathname.startsWith('/admin/')) return;
  // Without it the desk still works online and offline (only not opened cold): nothing to say.
  navigator.serviceWorker.register('/admin/sw.js', { scope: '/admin/' }).catch(() => undefined);
}
