import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearToast } from '../components/Toast';
import { loadSchemas } from '../components/useForm';

// CI machines are shared and slow: give screens that load on demand time to arrive.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  clearToast();
  localStorage.clear();
});

// The forms' schemas load on demand in the browser (components/useForm.ts);
// loaded here, a submit checks them at once, as it does once they are in.
await loadSchemas();
