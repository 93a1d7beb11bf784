import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPageClient, GuestPage } from './api/queries';
import { Layout } from './components/Layout';
import { Home } from './routes/home/Home';
import { AdminUnavailable } from './routes/AdminUnavailable';
import { lazyPage } from './lazyPage';
import { isLazyPage, routeOf, SITE_ROUTES, type SiteRoute } from './siteRoutes';

type PageModule = { default: ComponentType };
type Page = ComponentType & { preload?: () => Promise<unknown> };

// Every `*Page.tsx` loads on demand (main.tsx preloads the current one);
// Home and the admin notice are in the main chunk.
const LAZY_MODULES = import.meta.glob<PageModule>('./routes/**/*Page.tsx');
const MAIN_CHUNK: Record<string, ComponentType> = {
  'src/routes/home/Home.tsx': Home,
  'src/routes/AdminUnavailable.tsx': AdminUnavailable,
};
const pages = new Map<string, Page>();
function pageOf(route: SiteRoute): Page {
  let page = pages.get(route.page);
  if (!page) {
    const load = LAZY_MODULES[`./${route.page.slice('src/'.length)}`];
    page = isLazyPage(route.page) && load ? lazyPage(load) : MAIN_CHUNK[route.page];
    if (!page) throw new Error(`No page module ${route.page} for ${route.path}`);
    pages.set(route.page, page);
  }
  return page;
}

/** Loads the page module of a path (one in the main chunk is there; anything else is Page Not Found). */
export function preloadRoute(pathname: string): Promise<unknown> {
  return pageOf(routeOf(pathname)).preload?.() ?? Promise.resolve();
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

/** The screens, under any router: BrowserRouter in the browser (App), a
 *  StaticRouter when the build prerenders the pages (entry-server.tsx). */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <PreloadNextPages />
      <Routes>
        <Route element={<Layout />}>
          {SITE_ROUTES.flatMap((route) => {
            const Screen = pageOf(route);
            if (route.notFound) return [<Route key="*" path="*" element={<Screen />} />];
            const paths = route.token ? [route.path, `${route.path}/:token`] : [route.path];
            return paths.map((path) => <Route key={path} path={path} element={<Screen />} />);
          })}
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
  return (
    <PageProviders guest={guest}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </PageProviders>
  );
}
