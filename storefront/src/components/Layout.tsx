import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { markLive } from './heldSubmit';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { BAKERY_INFO, isStaff, openingHoursLines, SHOP_CALLS } from '@bakery/core';
import { api, errorMessage } from '../api/client';
import { ADMIN_ME_KEY, USER_KEY, useAdminIdentity, useUser } from '../api/queries';
import { clearCart } from '../cart/cartStore';
import { useCartCount } from '../cart/useCart';
import './shop.css';
import { CartBadge } from './CartBadge';
import { Loading } from './Loading';
import type { ToastInput } from './Toast';
import { routeOf } from '../siteRoutes';

// The toast module (and jotai with it) loads on demand.
const Toaster = lazy(() => import('./Toast'));
const toast = (t: ToastInput) => void import('./Toast').then((m) => m.showToast(t));

/** A drawn cart (no emoji: not every system has a font for it). */
function CartIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.7L21 8H6.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="19" r="1.6" fill="currentColor" />
      <circle cx="17" cy="19" r="1.6" fill="currentColor" />
    </svg>
  );
}

function Nav() {
  const { user } = useUser();
  const admin = useAdminIdentity();
  const count = useCartCount();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const autoLoginTried = useRef(false);

  // A signed-in admin or owner without an admin session asks for one, once.
  useEffect(() => {
    if (user && isStaff(user.role) && admin.isFetched && !admin.data && !autoLoginTried.current) {
      autoLoginTried.current = true;
      api
        .call(SHOP_CALLS.adminAutoLogin)
        .then(() => queryClient.invalidateQueries({ queryKey: ADMIN_ME_KEY }))
        .catch((e) => console.warn(errorMessage(e, 'Auto-login failed')));
    }
  }, [user, admin.isFetched, admin.data, queryClient]);

  const close = () => setOpen(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu and gives focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const linkClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

  async function logout() {
    close();
    try {
      await api.call(SHOP_CALLS.logout, { body: {} });
      // The cart belongs to the person signed in: the next account starts empty.
      clearCart();
      // Forget everything cached for this account; the user and admin identity become "nobody".
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] !== USER_KEY[0] && q.queryKey[0] !== ADMIN_ME_KEY[0],
      });
      queryClient.setQueryData(USER_KEY, null);
      queryClient.setQueryData(ADMIN_ME_KEY, null);
      toast({ title: 'Logged out successfully', description: 'Come back soon!' });
      void navigate('/');
    } catch {
      toast({ title: 'Error', description: 'Failed to log out', variant: 'destructive' });
    }
  }

  return (
    <header className="site-header">
      <nav className="nav container" aria-label="Main">
        <Link to="/" className="brand" onClick={close}>
          <span className="brand-mark" aria-hidden="true">
            ✿
          </span>
          {BAKERY_INFO.name}
        </Link>
        {user && (
          <NavLink
            to="/cart"
            className={({ isActive }) => `nav-link cart-link${isActive ? ' active' : ''}`}
            onClick={close}
            aria-label={`Cart, ${count > 99 ? '99+' : count} items`}
          >
            <CartIcon /> <span className="cart-word">Cart</span>{' '}
            <CartBadge count={count} signedIn />
          </NavLink>
        )}
        <button
          ref={toggleRef}
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="nav-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="nav-toggle-bar" aria-hidden="true" />
          <span className="nav-toggle-bar" aria-hidden="true" />
          <span className="nav-toggle-bar" aria-hidden="true" />
        </button>
        <ul id="nav-menu" className={`nav-menu${open ? ' open' : ''}`}>
          <li>
            <NavLink to="/" end className={linkClass} onClick={close}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/menu" className={linkClass} onClick={close}>
              Menu
            </NavLink>
          </li>
          <li>
            <NavLink to="/order" className={linkClass} onClick={close}>
              Order
            </NavLink>
          </li>
          <li>
            <NavLink to="/about" className={linkClass} onClick={close}>
              About
            </NavLink>
          </li>
          {user ? (
            <>
              <li>
                <NavLink to="/my-orders" className={linkClass} onClick={close}>
                  My Orders
                </NavLink>
              </li>
              <li>
                <NavLink to="/account" className={linkClass} onClick={close}>
                  Account
                </NavLink>
              </li>
            </>
          ) : (
            <>
              <li>
                <NavLink to="/login" className={linkClass} onClick={close}>
                  Login
                </NavLink>
              </li>
              <li>
                <NavLink
                  to="/signup"
                  className={({ isActive }) => `nav-link nav-cta${isActive ? ' active' : ''}`}
                  onClick={close}
                >
                  Sign Up
                </NavLink>
              </li>
            </>
          )}
          {isStaff(admin.data?.role) && (
            <li>
              {/* The dashboard is the back office's app, served by the API: a full page load. */}
              <a href="/admin/dashboard" className="nav-link" onClick={close}>
                Admin
              </a>
            </li>
          )}
          {user && (
            <li>
              <button type="button" className="nav-link nav-button" onClick={() => void logout()}>
                Logout
              </button>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}

function Footer() {
  const b = BAKERY_INFO;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">{b.name}</p>
          <p>Gluten-free and dairy-free, baked with love. Open since {b.openSince}.</p>
        </div>
        <div>
          <h2 className="footer-heading">Visit</h2>
          <address>
            {b.street}
            <br />
            {b.city}, {b.state} {b.zip}
            <br />
            <a href={`tel:${b.phone.replace(/[^\d+]/g, '')}`}>{b.phone}</a>
            <br />
            <a href={`mailto:${b.email}`}>{b.email}</a>
          </address>
        </div>
        <div>
          <h2 className="footer-heading">Opening Hours</h2>
          {openingHoursLines().map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <div>
          <h2 className="footer-heading">Quick Links</h2>
          <ul className="footer-links">
            <li>
              <Link to="/menu">Menu</Link>
            </li>
            <li>
              <Link to="/order">Order Online</Link>
            </li>
            <li>
              <Link to="/about">Our Story</Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="footer-note">
        © {new Date().getFullYear()} {b.name}, {b.city}, {b.state}.
      </p>
    </footer>
  );
}

/** The tab title of each screen (WCAG 2.4.2), in the spec's route table order. */
export function pageTitle(pathname: string): string {
  const screen = routeOf(pathname).title;
  return screen ? `${screen} | ${BAKERY_INFO.name}` : BAKERY_INFO.name;
}

/** Names the tab after the screen and, after an in-app navigation, moves focus
 *  to the main region so screen readers start reading the new screen. */
function RouteAnnouncer() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    document.title = pageTitle(pathname);
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

/**
 * Marks the page live once the screen itself has hydrated: React may hydrate
 * this boundary in a later pass than the header, and a held press replayed
 * before then could be lost. Its effect runs after the screen's own, so a
 * form sent before is claimed by then.
 */
function LiveMark() {
  useEffect(markLive, []);
  return null;
}

export function Layout() {
  return (
    <>
      <RouteAnnouncer />
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Nav />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
          <LiveMark />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}
