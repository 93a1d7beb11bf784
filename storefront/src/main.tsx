import { startTransition, StrictMode } from 'react';
import { setCatalogue, type CatalogueSnapshot } from '@bakery/core';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PUBLIC_READS, setShopSettings } from '@bakery/core';
import { api } from './api/client';
import { App, preloadRoute } from './App';
import './styles.css';
// The allergen disclosure and filter are in the prerendered menu and order pages:
// their styles come with the first paint, not with the route's chunk (no layout shift).
import './allergens/allergens.css';

// The build prerenders the pages (scripts/prerender.mjs, docs/storefront.md).
// A page rendered in full is hydrated once its route's module (preloaded by
// the HTML) is in, so it hydrates in one pass; a shell (header, footer,
// loading state) or the bare page of `vite dev` is rendered anew.
// A page rendered after a menu publish (issue 22) carries the published
// catalogue: core prices and lists from it, as the HTML was rendered.
const embedded = document.getElementById('catalogue');
if (embedded?.textContent) setCatalogue(JSON.parse(embedded.textContent) as CatalogueSnapshot);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App guest={root.dataset.guest === 'true'} />
  </StrictMode>
);

/**
 * The owner's shop settings (GET /api/settings, issue 22): hours, fees, tax,
 * lead time and contact details, put in force in core before the first
 * render, so the form prices and slots as the server will. Without an answer
 * in time the built-in values stand (the server still checks every order).
 */
async function loadShopSettings() {
  try {
    setShopSettings(await api.call(PUBLIC_READS.settings, { signal: AbortSignal.timeout(3000) }));
  } catch {
    // Offline or slow: the defaults stand.
  }
}

async function start() {
  const settings = loadShopSettings();
  // A page is hydrated only at its own path (404.html at any): a route
  // without a prerendered page of its own gets another's HTML, drawn anew.
  const here = location.pathname.replace(/(.)\/+$/, '$1');
  const own = root.dataset.route === here || root.dataset.route === '/404';
  if (root.dataset.ssr !== 'full' || !own) {
    await settings;
    createRoot(root).render(app);
    return;
  }
  // A chunk that fails to load here is fetched again when the route renders.
  await Promise.all([preloadRoute(location.pathname).catch(() => undefined), settings]);
  // In a transition React hydrates in slices of a few milliseconds, yielding
  // between them; otherwise the whole page is one long task, and a phone's
  // main thread is blocked for it (Lighthouse's TBT, issue 22).
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

void start().catch((error: unknown) => console.error(error));
