import { lazy, useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './api/client';
import { Layout } from './components/Layout';
import { Home } from './routes/home/Home';

// Every route but Home loads on demand.
const MenuPage = lazy(() => import('./routes/menu/MenuPage'));
const OrderPage = lazy(() => import('./routes/order/OrderPage'));
const AboutPage = lazy(() => import('./routes/about/AboutPage'));
const ConfirmationPage = lazy(() => import('./routes/confirmation/ConfirmationPage'));
const LoginPage = lazy(() => import('./routes/auth/LoginPage'));
const SignupPage = lazy(() => import('./routes/auth/SignupPage'));
const ForgotPasswordPage = lazy(() => import('./routes/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./routes/auth/ResetPasswordPage'));
const MyOrdersPage = lazy(() => import('./routes/my-orders/MyOrdersPage'));
const NotFoundPage = lazy(() => import('./routes/NotFoundPage'));

function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
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

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ScrollToTop />
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
            <Route path="/admin/login" element={<AdminUnavailable />} />
            <Route path="/admin/dashboard" element={<AdminUnavailable />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
