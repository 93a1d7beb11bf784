// The lazy route modules each prerendered page shows (paths relative to the
// package). The build preloads their chunks in the page's HTML
// (scripts/prerender.mjs); main.tsx loads them before hydrating, so a route's
// Suspense boundary hydrates at once, before the first API answers change
// what it would render (a hydration mismatch).
export const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/routes/home/Carousel.tsx'],
  '/menu': ['src/routes/menu/MenuPage.tsx'],
  '/order': ['src/routes/order/OrderPage.tsx'],
  '/about': ['src/routes/about/AboutPage.tsx'],
  '/login': ['src/routes/auth/LoginPage.tsx'],
  '/signup': ['src/routes/auth/SignupPage.tsx'],
  '/forgot-password': ['src/routes/auth/ForgotPasswordPage.tsx'],
  '/my-orders': ['src/routes/my-orders/MyOrdersPage.tsx'],
  '/cart': ['src/routes/cart/CartPage.tsx'],
  '/account': ['src/routes/account/AccountPage.tsx'],
  '/confirmation': ['src/routes/confirmation/ConfirmationPage.tsx'],
  '/reset-password': ['src/routes/auth/ResetPasswordPage.tsx'],
  '/confirm-email': ['src/routes/account/EmailLinkPage.tsx'],
  '/undo-email-change': ['src/routes/account/EmailLinkPage.tsx'],
  '/404': ['src/routes/NotFoundPage.tsx'],
};
