// The build's server entry (vite build --ssr): renders the customer screens to
// HTML from the same components the browser runs, so a page paints before its
// JavaScript arrives; main.tsx then hydrates it. scripts/prerender.mjs calls
// this once per page and writes the HTML files the API serves (docs/storefront.md).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { BAKERY_INFO } from '@bakery/core';

// The page renderer hands a published catalogue to this bundle's copy of core (issue 22).
export { setCatalogue, setShopSettings } from '@bakery/core';
import { AppRoutes, PageProviders } from './App';
import { pageTitle } from './components/Layout';
import { ROUTE_MODULES } from './routeModules';

export type PrerenderedPage = {
  /** The URL rendered. */
  path: string;
  /** Where the build writes it, relative to dist/. */
  file: string;
  /**
   * 'full': the screen as every visitor first sees it, hydrated in the
   * browser. 'shell': header, footer and the loading state of a screen whose
   * content depends on the visit (signed in or not, a token, an order id);
   * the browser renders it. Hydrating such a screen would race the first API
   * answer: React hydrates a Suspense boundary after the root commits, and
   * by then the answer may have changed what the screen renders.
   */
  mode: 'full' | 'shell';
  description: string;
  /** API reads the page makes at once: the HTML preloads them, in parallel with the scripts. */
  data?: string[];
  /**
   * The page as a visitor without a session sees it (the API serves
   * guest.html to a request without a session cookie): nobody signed in.
   */
  guest?: boolean;
};

const DEFAULT_DESCRIPTION = `Gluten-free and dairy-free breads, cakes, cookies and more, baked to order in ${BAKERY_INFO.city}.`;

const ORDER_DESCRIPTION = `Order gluten-free, dairy-free baked goods from ${BAKERY_INFO.name} for pickup or delivery in ${BAKERY_INFO.city}.`;

const PAGE_LIST: PrerenderedPage[] = [
  {
    path: '/',
    file: 'index.html',
    mode: 'full',
    description: DEFAULT_DESCRIPTION,
  },
  {
    path: '/menu',
    file: 'menu/index.html',
    mode: 'full',
    description: `Our full menu: gluten-free, dairy-free breads, brownies, cakes, cookies, cupcakes, muffins and oat bars from ${BAKERY_INFO.name}, with prices.`,
  },
  {
    // With a session cookie: the loading state (OrderPage waits for the
    // user, whose answer is preloaded), hydrated.
    path: '/order',
    file: 'order/index.html',
    mode: 'full',
    data: ['/api/user'],
    description: ORDER_DESCRIPTION,
  },
  {
    // Without one: the account prompt, painted before any script runs.
    path: '/order',
    file: 'order/guest.html',
    mode: 'full',
    guest: true,
    description: ORDER_DESCRIPTION,
  },
  {
    path: '/about',
    file: 'about/index.html',
    mode: 'full',
    description: `The story of ${BAKERY_INFO.name}, baking gluten-free and dairy-free since ${BAKERY_INFO.openSince}: where to find us and how to reach us.`,
  },
  {
    path: '/login',
    file: 'login/index.html',
    mode: 'full',
    description: `Sign in to your ${BAKERY_INFO.name} account to order and follow your orders.`,
  },
  {
    path: '/signup',
    file: 'signup/index.html',
    mode: 'full',
    description: `Create a ${BAKERY_INFO.name} account to order gluten-free, dairy-free baked goods.`,
  },
  {
    path: '/forgot-password',
    file: 'forgot-password/index.html',
    mode: 'full',
    description: `Reset the password of your ${BAKERY_INFO.name} account.`,
  },
  {
    path: '/my-orders',
    file: 'my-orders/index.html',
    mode: 'shell',
    description: `Your orders at ${BAKERY_INFO.name}: status, payment and reviews.`,
  },
  {
    path: '/cart',
    file: 'cart/index.html',
    mode: 'shell',
    description: `Your cart at ${BAKERY_INFO.name}.`,
  },
  {
    path: '/account',
    file: 'account/index.html',
    mode: 'shell',
    description: `Your ${BAKERY_INFO.name} account.`,
  },
  {
    path: '/confirmation',
    file: 'confirmation/index.html',
    mode: 'shell',
    description: `Your order at ${BAKERY_INFO.name} is confirmed.`,
  },
  {
    path: '/reset-password',
    file: 'reset-password/index.html',
    mode: 'shell',
    description: `Choose a new password for your ${BAKERY_INFO.name} account.`,
  },
  {
    path: '/confirm-email',
    file: 'confirm-email/index.html',
    mode: 'shell',
    description: `Confirm the new e-mail address of your ${BAKERY_INFO.name} account.`,
  },
  {
    path: '/undo-email-change',
    file: 'undo-email-change/index.html',
    mode: 'shell',
    description: `Undo the e-mail change of your ${BAKERY_INFO.name} account.`,
  },
  {
    // Any path outside the route table (the API answers it with status 404).
    path: '/404',
    file: '404.html',
    mode: 'full',
    description: DEFAULT_DESCRIPTION,
  },
];

/** Each page with the lazy modules it shows (their chunks are preloaded). */
export const PAGES = PAGE_LIST.map((page) => ({
  ...page,
  modules: ROUTE_MODULES[page.path] ?? [],
}));

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
  const { prelude } = await prerender(<Page path={page.path} guest={page.guest} />);
  return new Response(prelude).text();
}
