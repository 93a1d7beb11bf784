import { StrictMode } from 'react';
import { setCatalogue, type CatalogueSnapshot } from '@bakery/core';
import { createRoot, hydrateRoot } from 'react-dom/client';
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

async function start() {
  // A page is hydrated only at its own path (404.html at any): a route
  // without a prerendered page of its own gets another's HTML, drawn anew.
  const here = location.pathname.replace(/(.)\/+$/, '$1');
  const own = root.dataset.route === here || root.dataset.route === '/404';
  if (root.dataset.ssr !== 'full' || !own) {
    createRoot(root).render(app);
    return;
  }
  // A chunk that fails to load here is fetched again when the route renders.
  await preloadRoute(location.pathname).catch(() => undefined);
  hydrateRoot(root, app);
}

void start().catch((error: unknown) => console.error(error));
