// The storefront's screens, once (issue 21): each path, its title, its page
// module and how the build prerenders it. The router (App.tsx), the tab's
// title (components/Layout.tsx), the prerender (entry-server.tsx and
// scripts/prerender.mjs) and the preloading of a page's code (main.tsx) all
// read this list. A new screen is one entry here.
import { BAKERY_INFO, SHOP_CALLS } from '@bakery/core';

/** How the build writes one HTML file of a path (docs/storefront.md). */
export interface Prerender {
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
}

export interface SiteRoute {
  path: string;
  /** The tab's title before the bakery's name ('' on the home page). */
  title: string;
  /**
   * The page's module, relative to the package. A `*Page.tsx` under
   * src/routes loads on demand (App.tsx); the others are in the main chunk.
   */
  page: string;
  /** Other lazy modules the page shows at once (their chunks are preloaded in its HTML). */
  shows?: string[];
  /** Also answers `path/:token` (the links mailed to a customer). */
  token?: boolean;
  /** The HTML files the build writes for it; none for a screen that is never a first load. */
  prerender?: Prerender[];
  /** The screen of every other path (the API answers it with status 404). */
  notFound?: true;
}

const DEFAULT_DESCRIPTION = `Gluten-free and dairy-free breads, cakes, cookies and more, baked to order in ${BAKERY_INFO.city}.`;
const ORDER_DESCRIPTION = `Order gluten-free, dairy-free baked goods from ${BAKERY_INFO.name} for pickup or delivery in ${BAKERY_INFO.city}.`;
const full = (description: string): Prerender[] => [{ mode: 'full', description }];
/** In full, and again as the page of a visitor without a session cookie (guest.html): nobody is signed in, so nobody is asked about. */
const fullAndGuest = (description: string): Prerender[] => [
  ...full(description),
  { mode: 'full', guest: true, description },
];
const shell = (description: string): Prerender[] => [{ mode: 'shell', description }];

export const SITE_ROUTES: readonly SiteRoute[] = [
  {
    path: '/',
    title: '',
    page: 'src/routes/home/Home.tsx',
    shows: ['src/routes/home/Carousel.tsx'],
    prerender: fullAndGuest(DEFAULT_DESCRIPTION),
  },
  {
    path: '/menu',
    title: 'Our Menu',
    page: 'src/routes/menu/MenuPage.tsx',
    prerender: fullAndGuest(
      `Our full menu: gluten-free, dairy-free breads, brownies, cakes, cookies, cupcakes, muffins and oat bars from ${BAKERY_INFO.name}, with prices.`,
    ),
  },
  {
    path: '/order',
    title: 'Order',
    page: 'src/routes/order/OrderPage.tsx',
    prerender: [
      // With a session cookie: the loading state (OrderPage waits for the
      // user, whose answer is preloaded), hydrated.
      { mode: 'full', data: [SHOP_CALLS.user.path], description: ORDER_DESCRIPTION },
      // Without one: the account prompt, painted before any script runs.
      { mode: 'full', guest: true, description: ORDER_DESCRIPTION },
    ],
  },
  {
    path: '/about',
    title: 'Our Story',
    page: 'src/routes/about/AboutPage.tsx',
    prerender: full(
      `The story of ${BAKERY_INFO.name}, baking gluten-free and dairy-free since ${BAKERY_INFO.openSince}: where to find us and how to reach us.`,
    ),
  },
  {
    // Issue 37: a drop's public page (/drops/<id>); /drops lists those to come.
    path: '/drops',
    title: 'Drops',
    page: 'src/routes/drops/DropPage.tsx',
    token: true,
    prerender: shell(`Drops at ${BAKERY_INFO.name}: a set batch, for set pickup days.`),
  },
  {
    path: '/confirmation',
    title: 'Order Confirmation',
    page: 'src/routes/confirmation/ConfirmationPage.tsx',
    prerender: shell(`Your order at ${BAKERY_INFO.name} is confirmed.`),
  },
  {
    path: '/login',
    title: 'Sign In',
    page: 'src/routes/auth/LoginPage.tsx',
    prerender: full(`Sign in to your ${BAKERY_INFO.name} account to order and follow your orders.`),
  },
  {
    path: '/signup',
    title: 'Sign Up',
    page: 'src/routes/auth/SignupPage.tsx',
    prerender: full(
      `Create a ${BAKERY_INFO.name} account to order gluten-free, dairy-free baked goods.`,
    ),
  },
  {
    path: '/forgot-password',
    title: 'Forgot Password',
    page: 'src/routes/auth/ForgotPasswordPage.tsx',
    prerender: full(`Reset the password of your ${BAKERY_INFO.name} account.`),
  },
  {
    path: '/reset-password',
    title: 'Reset Password',
    page: 'src/routes/auth/ResetPasswordPage.tsx',
    token: true,
    prerender: shell(`Choose a new password for your ${BAKERY_INFO.name} account.`),
  },
  {
    path: '/my-orders',
    title: 'My Orders',
    page: 'src/routes/my-orders/MyOrdersPage.tsx',
    prerender: shell(`Your orders at ${BAKERY_INFO.name}: status, payment and reviews.`),
  },
  {
    // Issue 41: /standing-orders/{id} one of them; /standing-orders/skip?token= the reminder's skip.
    path: '/standing-orders',
    title: 'Standing Orders',
    page: 'src/routes/standing/StandingOrdersPage.tsx',
    token: true,
    prerender: shell(`Your standing orders at ${BAKERY_INFO.name}: next dates, skip, pause.`),
  },
  {
    path: '/cart',
    title: 'Your Cart',
    page: 'src/routes/cart/CartPage.tsx',
    prerender: shell(`Your cart at ${BAKERY_INFO.name}.`),
  },
  {
    path: '/account',
    title: 'Your Account',
    page: 'src/routes/account/AccountPage.tsx',
    prerender: shell(`Your ${BAKERY_INFO.name} account.`),
  },
  {
    path: '/confirm-email',
    title: 'Confirm E-mail',
    page: 'src/routes/account/EmailLinkPage.tsx',
    token: true,
    prerender: shell(`Confirm the new e-mail address of your ${BAKERY_INFO.name} account.`),
  },
  {
    path: '/undo-email-change',
    title: 'Undo E-mail Change',
    page: 'src/routes/account/EmailLinkPage.tsx',
    token: true,
    prerender: shell(`Undo the e-mail change of your ${BAKERY_INFO.name} account.`),
  },
  // The back office is its own app the API serves at /admin; these show only without it.
  { path: '/admin/login', title: 'Admin', page: 'src/routes/AdminUnavailable.tsx' },
  { path: '/admin/dashboard', title: 'Admin', page: 'src/routes/AdminUnavailable.tsx' },
  {
    path: '/404',
    title: 'Page Not Found',
    page: 'src/routes/NotFoundPage.tsx',
    notFound: true,
    prerender: full(DEFAULT_DESCRIPTION),
  },
];

export const NOT_FOUND_ROUTE = SITE_ROUTES.find((route) => route.notFound)!;

/** The route of a pathname (a trailing slash and a token after a token route's path allowed). */
export function routeOf(pathname: string): SiteRoute {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return (
    SITE_ROUTES.find(
      (route) =>
        !route.notFound &&
        (route.path === path ||
          (route.token &&
            path.startsWith(`${route.path}/`) &&
            !path.slice(route.path.length + 1).includes('/'))),
    ) ?? NOT_FOUND_ROUTE
  );
}

/** The lazy modules a route shows at once: its page (if lazy) and what it shows. */
export function modulesOf(route: SiteRoute): string[] {
  return [...(isLazyPage(route.page) ? [route.page] : []), ...(route.shows ?? [])];
}

/** A `*Page.tsx` under src/routes: loaded on demand. */
export function isLazyPage(page: string): boolean {
  return /^src\/routes\/.*Page\.tsx$/.test(page);
}
