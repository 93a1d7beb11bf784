import '@testing-library/jest-dom/vitest';
import { afterEach, expect } from 'vitest';
import { configure, waitFor } from '@testing-library/react';
import { clearToasts } from '../ui/toaster';

// Two shared cores: Blueprint, AG Grid and a query round trip can take
// seconds under load, so waiting is generous (a real failure still fails).
configure({ asyncUtilTimeout: 10_000 });

// The toaster lives outside each test's tree, and a toast's exit runs on
// timers: they must end while the test file's DOM is still there (under load
// one fired after it, "window is not defined").
afterEach(async () => {
  if (typeof document === 'undefined') return;
  await clearToasts();
  await waitFor(() => expect(document.querySelector('.bp6-toast')).toBeNull());
});
