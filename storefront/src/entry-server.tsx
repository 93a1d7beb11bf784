// The build's server entry (vite build --ssr): renders the customer screens to
// HTML from the same components the browser runs, so a page paints before its
// JavaScript arrives; main.tsx then hydrates it. scripts/prerender.mjs calls
// this once per page and writes the HTML files the API serves (docs/storefront.md).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';

// The page renderer hands a published catalogue to this bundle's copy of core (issue 22).
export { setCatalogue, setShopSettings } from '@bakery/core';
import { AppRoutes, PageProviders } from './App';
import { pageTitle } from './components/Layout';
import { modulesOf, SITE_ROUTES, type Prerender, type SiteRoute } from './siteRoutes';

export type PrerenderedPage = Prerender & {
  /** The URL rendered. */
  path: string;
  /** Where the build writes it, relative to dist/. */
  file: string;
};

function fileOf(route: SiteRoute, guest = false): string {
  if (route.notFound) return '404.html';
  const name = guest ? 'guest.html' : 'index.html';
  return route.path === '/' ? name : `${route.path.slice(1)}/${name}`;
}

/** Each prerendered page (siteRoutes.ts) with the lazy modules it shows (their chunks are preloaded). */
export const PAGES = SITE_ROUTES.flatMap((route) =>
  (route.prerender ?? []).map((page) => ({
    ...page,
    path: route.path,
    file: fileOf(route, page.guest),
    modules: modulesOf(route),
  })),
);

export function titleOf(page: PrerenderedPage): string {
  return pageTitle(page.path);
}

function Page({ path, guest = false }: { path: string; guest?: boolean }) {
  // A fresh cache per page: nothing fetched at build time, so the browser's
  // first render (queries pending, or nobody signed in on a guest page)
  // matches this HTML.
  return (
    <StrictMode>
      <PageProviders guest={guest}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </PageProviders>
    </StrictMode>
  );
}

/** The HTML inside <div id="root"> for one page. */
export async function render(page: PrerenderedPage): Promise<string> {
  if (page.mode === 'shell') {
    // renderToString does not wait for the route's lazy chunk: it writes the
    // Suspense fallback (the loading state) inside the real header and footer.
    return renderToString(<Page path={page.path} guest={page.guest} />);
  }
  // prerender waits for every lazy chunk, so the whole screen is in the HTML.
  // In place, too: by default React moves a boundary larger than 12.8 KB (the
  // menu) after the footer, hidden, and an inline script puts it back, which
  // the page's CSP refuses, so the screen showed "Loading..." until hydration
  // (the late LCP of / and /menu, issue 22) and nothing at all without JavaScript.
  const { prelude } = await prerender(<Page path={page.path} guest={page.guest} />, {
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  return new Response(prelude).text();
}
