import { useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPageClient, GuestPage } from './api/queries';
import { Layout } from './components/Layout';
import { markLive } from './components/heldSubmit';
import { Home } from './routes/home/Home';
import { lazyPage } from './lazyPage';

// Every route but Home loads on demand (main.tsx preloads the current one).
const MenuPage = lazyPage(() => import('./routes/menu/MenuPage'));
const OrderPage = lazyPage(() => import('./routes/order/OrderPage'));
const AboutPage = lazyPage(() => import('./routes/about/AboutPage'));
const ConfirmationPage = lazyPage(() => import('./routes/confirmation/ConfirmationPage'));
const LoginPage = lazyPage(() => import('./routes/auth/LoginPage'));
const SignupPage = lazyPage(() => import('./routes/auth/SignupPage'));
const ForgotPasswordPage = lazyPage(() => import('./routes/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./routes/auth/ResetPasswordPage'));
const MyOrdersPage = lazyPage(() => import('./routes/my-orders/MyOrdersPage'));
const NotFoundPage = lazyPage(() => import('./routes/NotFoundPage'));
const CartPage = lazyPage(() => import('./routes/cart/CartPage'));
const AccountPage = lazyPage(() => import('./routes/account/AccountPage'));
const EmailLinkPage = lazyPage(() => import('./routes/account/EmailLinkPage'));

const PAGES_BY_PATH: Record<string, { preload: () => Promise<unknown> }> = {
  '/menu': MenuPage,
  '/order': OrderPage,
  '/about': AboutPage,
  '/confirmation': ConfirmationPage,
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/my-orders': MyOrdersPage,
  '/cart': CartPage,
  '/account': AccountPage,
  '/confirm-email': EmailLinkPage,
  '/undo-email-change': EmailLinkPage,
};

/** Loads the page module of a path (Home is in the main chunk; anything else is Page Not Found). */
export function preloadRoute(pathname: string): Promise<unknown> {
  const path = pathname
    .replace(/(.)\/+$/, '$1')
    .replace(/^\/(reset-password|confirm-email|undo-email-change)\/[^/]+$/, '/$1');
  if (path === '/' || path === '/admin/login' || path === '/admin/dashboard')
    return Promise.resolve();
  return (PAGES_BY_PATH[path] ?? NotFoundPage).preload();
}

function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/**
 * Where the account pages' links lead: that code is fetched once the page is
 * in, so the next screen shows at once (a navigation otherwise keeps the old
 * form on screen while its chunk loads, and typing goes there). The pages
 * whose first load is measured (/, /menu, /about, /order) fetch nothing more.
 */
const NEXT_PAGES: Record<string, string[]> = {
  '/login': ['/forgot-password', '/signup'],
  '/signup': ['/login'],
  '/forgot-password': ['/login'],
};

function PreloadNextPages() {
  const { pathname } = useLocation();
  useEffect(() => {
    for (const next of NEXT_PAGES[pathname] ?? []) void preloadRoute(next).catch(() => undefined);
  }, [pathname]);
  return null;
}

/** The admin pages belong to the back office app the API serves at /admin; this
 *  screen only shows when that app is not installed on this server. */
function AdminUnavailable() {
  return (
    <section className="container page narrow">
      <h1>Admin</h1>
      <p>The admin dashboard is not available on this server.</p>
    </section>
  );
}

/** The screens, under any router: BrowserRouter in the browser (App), a
 *  StaticRouter when the build prerenders the pages (entry-server.tsx). */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <PreloadNextPages />
      <Routes>
        <Route element={<Layout />}>
          <Route path="/" element={<Home />} />
          <Route path="/menu" element={<MenuPage />} />
          <Route path="/order" element={<OrderPage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/confirmation" element={<ConfirmationPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
          <Route path="/my-orders" element={<MyOrdersPage />} />
          <Route path="/cart" element={<CartPage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/confirm-email" element={<EmailLinkPage />} />
          <Route path="/confirm-email/:token" element={<EmailLinkPage />} />
          <Route path="/undo-email-change" element={<EmailLinkPage />} />
          <Route path="/undo-email-change/:token" element={<EmailLinkPage />} />
          <Route path="/admin/login" element={<AdminUnavailable />} />
          <Route path="/admin/dashboard" element={<AdminUnavailable />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}

/**
 * What a page's router stands on, in the browser (App) and in the prerender
 * (entry-server.tsx): a query cache of its own, which on a visitor's page
 * (`guest`) already knows nobody is signed in, and that flag (GuestPage).
 */
export function PageProviders({ guest, children }: { guest: boolean; children: ReactNode }) {
  const [queryClient] = useState(() => createPageClient(guest));
  return (
    <GuestPage.Provider value={guest}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </GuestPage.Provider>
  );
}

/** `guest`: the page came as a visitor's (main.tsx reads it off the prerendered HTML). */
export function App({ guest = false }: { guest?: boolean }) {
  // Runs after the pages' own effects: a form sent before this has been claimed.
  useEffect(markLive, []);
  return (
    <PageProviders guest={guest}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </PageProviders>
  );
}
