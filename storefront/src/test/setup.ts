import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearToast } from '../components/Toast';

// CI machines are shared and slow: give screens that load on demand time to arrive.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  clearToast();
  localStorage.clear();
});
